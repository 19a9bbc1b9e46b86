//! One storage suite, run against SQLite always and against PostgreSQL when
//! `MUSTER_TEST_POSTGRES` names a database (`.ci/run` starts one; on CI a missing URL is a
//! failure, not a skip).

use super::*;
use std::sync::Arc;

pub(crate) fn meta(id: &str) -> GameMeta {
    GameMeta {
        id: id.to_string(),
        scenario: "belmont".into(),
        options: vec!["x".into()],
        players: ["human".into(), "random".into()],
        tokens: [Some("t".repeat(26)), None],
        created: 1_700_000_000,
        webhooks: [Some("https://hooks.example.com/x".into()), None],
    }
}

fn unique(prefix: &str) -> String {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).unwrap();
    format!("{prefix}-{:016x}", u64::from_le_bytes(b))
}

fn entries(from: usize, n: usize) -> Vec<String> {
    (from..from + n).map(|i| format!("{{\"a\":{i}}}")).collect()
}

async fn suite(store: Arc<Store>) {
    // Create, then load with no entries; an id is taken once.
    let id = unique("g");
    store.create(&meta(&id)).await.unwrap();
    let g = store.load(&id).await.unwrap().expect("stored");
    assert_eq!(g.meta, meta(&id));
    assert!(g.entries.is_empty());
    assert!(matches!(store.create(&meta(&id)).await, Err(StoreError::Exists(_))));
    assert!(store.load("no-such-game").await.unwrap().is_none());

    // Appends land in order, all of a batch at once.
    store.append(&id, 0, entries(0, 3)).await.unwrap();
    store.append(&id, 3, entries(3, 1)).await.unwrap();
    assert_eq!(store.load(&id).await.unwrap().unwrap().entries, entries(0, 4));

    // A taken sequence number or a gap is a conflict, and writes nothing.
    assert!(matches!(store.append(&id, 2, entries(2, 5)).await, Err(StoreError::Conflict { seq: 2, .. })));
    assert!(matches!(store.append(&id, 9, entries(9, 1)).await, Err(StoreError::Conflict { .. })));
    assert_eq!(store.count(&id).await.unwrap(), 4);

    // An append to an unknown game fails without creating it.
    assert!(store.append("no-such-game", 0, entries(0, 1)).await.is_err());
    assert!(store.load("no-such-game").await.unwrap().is_none());

    // Racing writers on one sequence number: exactly one wins.
    let race = unique("race");
    store.create(&meta(&race)).await.unwrap();
    let mut tasks = Vec::new();
    for w in 0..8 {
        let s = Arc::clone(&store);
        let race = race.clone();
        tasks.push(tokio::spawn(async move { s.append(&race, 0, vec![format!("{{\"w\":{w}}}")]).await }));
    }
    let mut wins = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(()) => wins += 1,
            Err(StoreError::Conflict { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(wins, 1);
    assert_eq!(store.count(&race).await.unwrap(), 1);

    // Many games appending at once (the group commit path) all land.
    let ids: Vec<String> = (0..20).map(|_| unique("many")).collect();
    for id in &ids {
        store.create(&meta(id)).await.unwrap();
    }
    let mut tasks = Vec::new();
    for id in ids.clone() {
        let s = Arc::clone(&store);
        tasks.push(tokio::spawn(async move {
            for k in 0..10 {
                s.append(&id, k, entries(k as usize, 1)).await.unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    for id in &ids {
        assert_eq!(store.load(id).await.unwrap().unwrap().entries, entries(0, 10));
    }

    // Chat lines are numbered in order, read from any line on, kept apart from the entries;
    // lines said at once all land with distinct numbers; an unknown game takes none.
    let talk = unique("chat");
    store.create(&meta(&talk)).await.unwrap();
    store.append(&talk, 0, entries(0, 1)).await.unwrap();
    let first = store.say(&talk, 5, "union", "Good luck").await.unwrap();
    assert_eq!(first, ChatLine { n: 0, at: 5, seat: "union".into(), text: "Good luck".into() });
    let mut tasks = Vec::new();
    for k in 0..8 {
        let s = Arc::clone(&store);
        let talk = talk.clone();
        tasks.push(tokio::spawn(async move { s.say(&talk, 6, "confederate", &format!("line {k}")).await }));
    }
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    let lines = store.chat(&talk, 0).await.unwrap();
    assert_eq!(lines.iter().map(|l| l.n).collect::<Vec<_>>(), (0..9).collect::<Vec<_>>());
    assert_eq!(store.chat(&talk, 7).await.unwrap().len(), 2);
    assert_eq!(store.count(&talk).await.unwrap(), 1, "chat is not an entry");
    assert!(store.say("no-such-game", 1, "union", "hello").await.is_err());
    assert!(store.chat("no-such-game", 0).await.unwrap().is_empty());

    // Expiry: a game untouched since before the cutoff goes with its entries and chat; one
    // made as long ago but played since stays. (Made in 1970, so no other test's game is old.)
    let old = unique("old");
    let kept = unique("kept");
    for id in [&old, &kept] {
        let mut m = meta(id);
        m.created = 1_000;
        store.create(&m).await.unwrap();
        store.append(id, 0, entries(0, 2)).await.unwrap();
        store.say(id, 1_000, "union", "anyone there?").await.unwrap();
    }
    store.touch(&kept, 5_000).await.unwrap();
    assert!(store.expire(2_000).await.unwrap() >= 1);
    assert!(store.load(&old).await.unwrap().is_none(), "the abandoned game is gone");
    assert!(store.chat(&old, 0).await.unwrap().is_empty(), "with its chat");
    assert_eq!(store.load(&kept).await.unwrap().unwrap().entries, entries(0, 2), "the played one stays");
    assert_eq!(store.chat(&kept, 0).await.unwrap().len(), 1);
    assert!(store.touch("no-such-game", 1).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_store_passes_the_suite_and_keeps_games_across_reopening() {
    let dir = std::env::temp_dir().join(unique("muster-store"));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.db");
    let store = Arc::new(Store::open(path.to_str().unwrap()).await.unwrap());
    suite(Arc::clone(&store)).await;
    store.create(&meta("kept")).await.unwrap();
    store.append("kept", 0, entries(0, 2)).await.unwrap();
    drop(store);
    let again = Store::open(path.to_str().unwrap()).await.unwrap();
    assert_eq!(again.load("kept").await.unwrap().unwrap().entries, entries(0, 2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_store_passes_the_suite() {
    let Ok(url) = std::env::var("MUSTER_TEST_POSTGRES") else {
        assert!(std::env::var_os("CI").is_none(), "CI must set MUSTER_TEST_POSTGRES (.ci/run starts PostgreSQL)");
        eprintln!("MUSTER_TEST_POSTGRES is not set: the PostgreSQL suite did not run");
        return;
    };
    let store = Arc::new(Store::open(&url).await.unwrap());
    suite(Arc::clone(&store)).await;
    // A second instance on the same database sees the first one's games.
    let id = unique("shared");
    store.create(&meta(&id)).await.unwrap();
    store.append(&id, 0, entries(0, 2)).await.unwrap();
    let other = Store::open(&url).await.unwrap();
    assert_eq!(other.load(&id).await.unwrap().unwrap().entries, entries(0, 2));
    assert!(matches!(other.append(&id, 1, entries(1, 1)).await, Err(StoreError::Conflict { .. })));

    // Two instances racing on the same sequence numbers of many games (the primary key
    // refusing the loser inside a batch): each number is written exactly once, the other
    // appends of a batch holding a refused one still land, and no append fails otherwise.
    let other = Arc::new(other);
    let ids: Vec<String> = (0..16).map(|_| unique("duel")).collect();
    for id in &ids {
        store.create(&meta(id)).await.unwrap();
    }
    let mut tasks = Vec::new();
    for id in &ids {
        for (w, s) in [Arc::clone(&store), Arc::clone(&other)].into_iter().enumerate() {
            let id = id.clone();
            tasks.push(tokio::spawn(async move {
                let mut wins = 0;
                for k in 0..10u64 {
                    match s.append(&id, k, vec![format!("{{\"w\":{w},\"k\":{k}}}")]).await {
                        Ok(()) => wins += 1,
                        Err(StoreError::Conflict { .. }) => {}
                        Err(e) => panic!("{e}"),
                    }
                }
                wins
            }));
        }
    }
    let mut wins = 0;
    for t in tasks {
        wins += t.await.unwrap();
    }
    assert_eq!(wins, 10 * ids.len());
    for id in &ids {
        let g = other.load(id).await.unwrap().unwrap();
        assert_eq!(g.entries.len(), 10);
        for (k, e) in g.entries.iter().enumerate() {
            assert!(e.ends_with(&format!("\"k\":{k}}}")), "{e}");
        }
    }
}
