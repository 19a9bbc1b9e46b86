//! Webhooks (issue 15 item 9, playing a move a day): a human seat may give a URL when the
//! game is made, and the server POSTs to it when the decision comes to that seat or the game
//! ends, for e-mail or chat bridges. The body carries `text` and `content`, which Slack's and
//! Discord's incoming webhooks read as the message, beside the game's facts.
//!
//! A URL the server calls on a client's behalf is a way into the operator's network (SSRF):
//! under the default policy, [`Policy::Public`], a webhook goes only to public addresses,
//! judged on the addresses the name resolves to at the moment of sending (so a name that
//! later points inside is still refused), with no proxy and no redirects. [`Policy::Any`]
//! is for a private network (and the tests); [`Policy::Off`] refuses webhooks altogether.

use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::Duration;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};

/// The longest webhook URL taken.
pub const URL_CHARS: usize = 500;

/// How long one webhook call may take, all in.
const TIMEOUT: Duration = Duration::from_secs(5);

/// Which webhook URLs the server calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// None: games asking for one are refused.
    Off,
    /// Public addresses only: never loopback, private, link-local or other special ranges.
    #[default]
    Public,
    /// Any address, the operator's own network included.
    Any,
}

/// Checks a webhook URL when a game is made: http or https, a host, not too long, and under
/// [`Policy::Public`] not a name or literal address that is plainly internal.
///
/// # Errors
/// What is wrong with it, in words.
pub fn check_url(url: &str, policy: Policy) -> Result<(), String> {
    if policy == Policy::Off {
        return Err("this server does not send webhooks (muster serve --webhooks off)".into());
    }
    if url.chars().count() > URL_CHARS {
        return Err(format!("a webhook URL is at most {URL_CHARS} characters"));
    }
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("a webhook URL starts with https:// or http:// ('{url}')"))?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.contains('@') {
        return Err("a webhook URL may not carry a user name or password".into());
    }
    let host = host_of(authority);
    if host.is_empty() {
        return Err(format!("a webhook URL needs a host ('{url}')"));
    }
    if policy == Policy::Public {
        let internal = host.eq_ignore_ascii_case("localhost")
            || host.to_ascii_lowercase().ends_with(".localhost")
            || host.parse::<IpAddr>().is_ok_and(|ip| !is_public(ip));
        if internal {
            return Err(format!(
                "webhooks go to public addresses only on this server, and '{host}' is not one (muster serve --webhooks any allows it)"
            ));
        }
    }
    ureq::http::Uri::try_from(url).map_err(|e| format!("not a URL ('{url}'): {e}"))?;
    Ok(())
}

/// The host of `host[:port]` or `[v6]:port`.
fn host_of(authority: &str) -> &str {
    if let Some(v6) = authority.strip_prefix('[') {
        return v6.split(']').next().unwrap_or("");
    }
    authority.rsplit_once(':').map_or(authority, |(h, _)| h)
}

/// Whether an address is on the public internet: not loopback, private, link-local,
/// shared (CGNAT), documentation, benchmarking, multicast, broadcast or unspecified, and for
/// IPv6 not unique-local, link-local, or an IPv4 address in disguise that is any of those.
#[must_use]
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public_v4(v4);
            }
            let seg = v6.segments();
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (seg[0] & 0xfe00) == 0xfc00 // unique local
                || (seg[0] & 0xffc0) == 0xfe80 // link local
                || (seg[0] == 0x2001 && seg[1] == 0x0db8) // documentation
                || (seg[0] == 0x0064 && seg[1] == 0xff9b) // NAT64 to IPv4
                || v6 == Ipv6Addr::new(0, 0, 0, 0, 0, 0, 0, 1))
        }
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_unspecified()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

/// Resolves as the default does, then keeps only public addresses: the check happens on the
/// addresses the connection will use, so DNS cannot swap in an internal one after it.
#[derive(Debug)]
struct PublicOnly(DefaultResolver);

impl Resolver for PublicOnly {
    fn resolve(
        &self,
        uri: &ureq::http::Uri,
        config: &ureq::config::Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let all = self.0.resolve(uri, config, timeout)?;
        let mut kept = self.empty();
        for addr in all.iter().filter(|a| is_public(a.ip())) {
            kept.push(*addr);
        }
        if kept.is_empty() { Err(ureq::Error::HostNotFound) } else { Ok(kept) }
    }
}

fn agent(policy: Policy) -> ureq::Agent {
    let config = ureq::Agent::config_builder()
        .timeout_global(Some(TIMEOUT))
        .max_redirects(0)
        .proxy(None)
        .user_agent("muster-webhook")
        .build();
    match policy {
        Policy::Any => config.into(),
        Policy::Public | Policy::Off => {
            ureq::Agent::with_parts(config, DefaultConnector::new(), PublicOnly(DefaultResolver::default()))
        }
    }
}

/// What a webhook says: the game's summary with the seat, a link and a line of text.
#[must_use]
pub fn body(summary: &Value, seat: &str, link: &str) -> Value {
    let title = summary["title"].as_str().unwrap_or("muster");
    let turn = summary["turn"].as_str().map(|t| format!(" (turn {t})")).unwrap_or_default();
    let outcome = &summary["outcome"];
    let text = if outcome.is_null() {
        format!("muster: your move in {title}{turn}. {link}")
    } else {
        let vp = |i: usize| outcome["vp"][i].as_f64().map_or(String::new(), |v| v.to_string());
        let result = match outcome["winner"].as_str() {
            Some("union") => "the Union wins".to_string(),
            Some("confederate") => "the Confederate wins".to_string(),
            _ => "a draw".to_string(),
        };
        format!("muster: {title} is over: {result} (VP {} to {}). {link}", vp(0), vp(1))
    };
    json!({
        "event": if summary["outcome"].is_null() { "your_move" } else { "game_over" },
        "seat": seat,
        "game": summary,
        "link": link,
        "text": text,
        "content": text,
    })
}

/// POSTs `body` to `url` on a blocking thread; a failure is logged and otherwise dropped
/// (a webhook is a courtesy: the game never waits on it).
pub fn send(policy: Policy, url: String, body: Value) {
    if policy == Policy::Off {
        return;
    }
    tokio::task::spawn_blocking(move || {
        if let Err(e) = agent(policy).post(&url).send_json(&body) {
            eprintln!("webhook {url}: {e}");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_are_not_public_and_public_ones_are() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip} counted as public");
        }
        for ip in ["1.1.1.1", "93.184.216.34", "2606:4700::1111", "::ffff:8.8.8.8"] {
            assert!(is_public(ip.parse().unwrap()), "{ip} counted as internal");
        }
    }

    #[test]
    fn urls_are_checked_against_the_policy() {
        assert!(check_url("https://hooks.example.com/T0/abc", Policy::Public).is_ok());
        assert!(check_url("http://93.184.216.34:8080/x", Policy::Public).is_ok());
        for bad in [
            "http://127.0.0.1:9000/",
            "http://localhost/",
            "http://api.localhost/",
            "http://[::1]:80/",
            "http://169.254.169.254/latest/meta-data",
            "http://10.0.0.5/",
        ] {
            let e = check_url(bad, Policy::Public).unwrap_err();
            assert!(e.contains("public addresses"), "{bad}: {e}");
            assert!(check_url(bad, Policy::Any).is_ok(), "{bad} under Any");
        }
        assert!(check_url("ftp://example.com/", Policy::Any).unwrap_err().contains("https://"));
        assert!(check_url("https://user:pw@example.com/", Policy::Any).unwrap_err().contains("user name"));
        assert!(check_url("https:///nohost", Policy::Any).unwrap_err().contains("host"));
        assert!(check_url(&format!("https://e.com/{}", "a".repeat(600)), Policy::Any).is_err());
        assert!(check_url("https://example.com/", Policy::Off).unwrap_err().contains("does not send"));
    }

    /// The check at sending time, on the resolved addresses: under `Public` a loopback
    /// listener is never connected to, whatever the URL passed at creation.
    #[test]
    fn sending_under_public_never_connects_to_an_internal_address() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        let refused = agent(Policy::Public).post(&url).send_json(json!({}));
        assert!(matches!(refused, Err(ureq::Error::HostNotFound)), "{refused:?}");
        assert!(listener.accept().is_err(), "no connection was made");
        // The same URL under Any does connect (the answer does not matter here).
        let _ = std::thread::spawn({
            let url = url.clone();
            move || agent(Policy::Any).post(&url).send_json(json!({}))
        });
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while listener.accept().is_err() {
            assert!(std::time::Instant::now() < deadline, "Any never connected");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn the_body_reads_as_a_message_for_slack_and_discord() {
        let summary = json!({"title": "Belmont", "turn": "3 of 12", "outcome": null});
        let b = body(&summary, "union", "https://m.example/game/x?seat=t");
        assert_eq!(b["event"], "your_move");
        assert_eq!(b["text"], "muster: your move in Belmont (turn 3 of 12). https://m.example/game/x?seat=t");
        assert_eq!(b["content"], b["text"]);
        let over = body(&json!({"title": "Belmont", "outcome": {"winner": "union", "vp": [12.0, 4.5]}}), "union", "L");
        assert_eq!(over["event"], "game_over");
        assert_eq!(over["text"], "muster: Belmont is over: the Union wins (VP 12 to 4.5). L");
    }
}
