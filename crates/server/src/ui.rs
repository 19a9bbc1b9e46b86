//! The page, built into the binary: plain HTML, CSS and ES modules from `ui/`, served as
//! they are (no front-end build step for anyone to run).

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

/// The lobby page.
pub const LOBBY: &str = include_str!("../ui/index.html");
/// The game page (one for every ruleset).
pub const GAME: &str = include_str!("../ui/game.html");

/// Every asset under `/assets/`, with its content type.
const ASSETS: &[(&str, &str, &str)] = &[
    ("app.js", "text/javascript; charset=utf-8", include_str!("../ui/app.js")),
    ("chat.js", "text/javascript; charset=utf-8", include_str!("../ui/chat.js")),
    ("dialogs.js", "text/javascript; charset=utf-8", include_str!("../ui/dialogs.js")),
    ("game.js", "text/javascript; charset=utf-8", include_str!("../ui/game.js")),
    ("marks.js", "text/javascript; charset=utf-8", include_str!("../ui/marks.js")),
    ("logview.js", "text/javascript; charset=utf-8", include_str!("../ui/logview.js")),
    ("mapview.js", "text/javascript; charset=utf-8", include_str!("../ui/mapview.js")),
    ("moves.js", "text/javascript; charset=utf-8", include_str!("../ui/moves.js")),
    ("page.js", "text/javascript; charset=utf-8", include_str!("../ui/page.js")),
    ("replay.js", "text/javascript; charset=utf-8", include_str!("../ui/replay.js")),
    ("lobby.js", "text/javascript; charset=utf-8", include_str!("../ui/lobby.js")),
    ("style.css", "text/css; charset=utf-8", include_str!("../ui/style.css")),
];

/// An HTML page.
pub fn page(html: &'static str) -> Html<&'static str> {
    Html(html)
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, mime, body)) => {
            ([(header::CONTENT_TYPE, *mime), (header::CACHE_CONTROL, "no-cache")], *body).into_response()
        }
        None => (StatusCode::NOT_FOUND, format!("no asset '{file}'")).into_response(),
    }
}
