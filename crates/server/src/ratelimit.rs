//! Rate limits per client address (issue 18): a token bucket per address and kind of
//! request, refilled at the kind's rate up to its burst. A request finding its bucket empty
//! is refused with 429 and `Retry-After`, and nothing else happens. IPv6 clients are counted
//! by their /64, which one subscriber usually holds whole, so a client cannot dodge its
//! limit by walking its own addresses.

use crate::config::{Rate, Rates};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a request is, for its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Making a game.
    Create,
    /// An action, an undo or a chat line.
    Actions,
    /// Odds, replay, reach, reasons, replay marks.
    Analysis,
    /// Any other request.
    Reads,
    /// A socket message.
    Socket,
}

impl Kind {
    /// Its index in [`crate::metrics::KINDS`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Kind::Create => 0,
            Kind::Actions => 1,
            Kind::Analysis => 2,
            Kind::Reads => 3,
            Kind::Socket => 4,
        }
    }

    /// In words, for the refusal.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Kind::Create => "new games",
            Kind::Actions => "moves",
            Kind::Analysis => "odds and replay requests",
            Kind::Reads => "requests",
            Kind::Socket => "socket messages",
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Above this many buckets, full ones (clients quiet long enough to refill) are let go.
const SWEEP_AT: usize = 20_000;

/// The buckets of every client.
#[derive(Debug)]
pub struct Limiter {
    rates: Rates,
    buckets: Mutex<HashMap<(IpAddr, Kind), Bucket>>,
}

fn rate_of(rates: &Rates, kind: Kind) -> Rate {
    match kind {
        Kind::Create => rates.create,
        Kind::Actions => rates.actions,
        Kind::Analysis => rates.analysis,
        Kind::Reads => rates.reads,
        Kind::Socket => rates.socket,
    }
}

/// The address a client is counted by: itself for IPv4, its /64 for IPv6.
fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

impl Limiter {
    /// A limiter with these rates.
    #[must_use]
    pub fn new(rates: Rates) -> Limiter {
        Limiter { rates, buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes a token for a request of `kind` from `ip`, or says how long until one is there.
    ///
    /// # Errors
    /// The wait before the next request of this kind would be let through.
    pub fn check(&self, ip: IpAddr, kind: Kind) -> Result<(), Duration> {
        self.check_at(ip, kind, Instant::now())
    }

    fn check_at(&self, ip: IpAddr, kind: Kind, now: Instant) -> Result<(), Duration> {
        let rate = rate_of(&self.rates, kind);
        let burst = f64::from(rate.burst);
        let mut buckets = self.buckets.lock().expect("buckets");
        if buckets.len() >= SWEEP_AT {
            buckets.retain(|(_, k), b| {
                let r = rate_of(&self.rates, *k);
                b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * r.per_second < f64::from(r.burst)
            });
        }
        let b = buckets.entry((client_key(ip), kind)).or_insert(Bucket { tokens: burst, at: now });
        b.tokens = (b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * rate.per_second).min(burst);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - b.tokens) / rate.per_second))
        }
    }
}

/// The client's address: the connection's, or with `trust_forwarded` the last entry of
/// `X-Forwarded-For` (the one the operator's own proxy appended) when there is one.
#[must_use]
pub fn client_ip(headers: &axum::http::HeaderMap, peer: IpAddr, trust_forwarded: bool) -> IpAddr {
    if !trust_forwarded {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|s| s.trim().parse::<IpAddr>().ok())
        .next_back()
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter() -> Limiter {
        Limiter::new(Rates { actions: Rate { per_second: 2.0, burst: 3 }, ..Rates::default() })
    }

    #[test]
    fn a_burst_passes_then_the_rate_holds_and_refills() {
        let l = limiter();
        let ip: IpAddr = "203.0.113.7".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(l.check_at(ip, Kind::Actions, t0).is_ok());
        }
        let wait = l.check_at(ip, Kind::Actions, t0).unwrap_err();
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-9, "{wait:?}");
        // Half a second later one token is back; not two.
        let t1 = t0 + Duration::from_millis(500);
        assert!(l.check_at(ip, Kind::Actions, t1).is_ok());
        assert!(l.check_at(ip, Kind::Actions, t1).is_err());
        // Another kind and another client have their own buckets.
        assert!(l.check_at(ip, Kind::Reads, t1).is_ok());
        assert!(l.check_at("203.0.113.8".parse().unwrap(), Kind::Actions, t1).is_ok());
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64() {
        let l = limiter();
        let t0 = Instant::now();
        for i in 0..3 {
            let ip: IpAddr = format!("2001:db8:1:2::{i}").parse().unwrap();
            assert!(l.check_at(ip, Kind::Actions, t0).is_ok());
        }
        assert!(l.check_at("2001:db8:1:2:ffff::9".parse().unwrap(), Kind::Actions, t0).is_err(), "same /64");
        assert!(l.check_at("2001:db8:1:3::1".parse().unwrap(), Kind::Actions, t0).is_ok(), "another /64");
    }

    #[test]
    fn the_forwarded_address_is_read_only_when_trusted() {
        let mut h = axum::http::HeaderMap::new();
        h.append("x-forwarded-for", "198.51.100.1, 203.0.113.9".parse().unwrap());
        let peer: IpAddr = "127.0.0.1".parse().unwrap();
        assert_eq!(client_ip(&h, peer, false), peer, "not trusted: the connection's address");
        assert_eq!(client_ip(&h, peer, true), "203.0.113.9".parse::<IpAddr>().unwrap(), "the proxy's last entry");
        assert_eq!(client_ip(&axum::http::HeaderMap::new(), peer, true), peer, "no header: the connection's");
    }
}
