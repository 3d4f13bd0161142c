//! Which names the scoreboard answers to.
//!
//! A web page anywhere can point a name of its own at 127.0.0.1 or at a machine on the
//! players' network (DNS rebinding) and then read whatever answers there as if it were
//! its own site. What gives it away is the `Host` its requests carry: the browser puts
//! the name from the page's address there, and that name is the attacker's. So a request
//! is answered only when it names the server the way it is really reached: the address
//! it listens on, `localhost`, `[::1]`, the address the connection came in on, and,
//! listening beyond loopback, the machine's own addresses and host name, plus every
//! `--allow-host` name. A port may follow any of them and is not judged: a tunnel or a
//! forwarded port names its own, and a rebinding page cannot choose the name it sends.
//!
//! Matching is exact (a name that only starts like one of ours is not ours), and a
//! request that does not say one name (none, on HTTP/1.1 or 1.0, or two) is malformed:
//! a request without a name could be meant for any host, and every browser and tool of
//! this century sends one.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

use hyper::Request;
use hyper::header::HOST;
use thiserror::Error;

/// A name given with `--allow-host`: a host name (stored lower-case, without a final
/// dot) or an IP address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum AllowHost {
    Ip(IpAddr),
    Name(String),
}

/// Why an `--allow-host` value was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub(crate) enum HostError {
    #[error("give the name without its port: --allow-host {name} lets it in on any port")]
    Port { name: String },
    #[error(
        "{0} is not a host name or an IP address (letters, digits, '-' and '.', e.g. scores.lan)"
    )]
    NotAName(String),
}

impl FromStr for AllowHost {
    type Err = HostError;

    fn from_str(given: &str) -> Result<AllowHost, HostError> {
        let bare = given
            .strip_prefix('[')
            .and_then(|s| s.strip_suffix(']'))
            .unwrap_or(given);
        if let Ok(ip) = bare.parse::<IpAddr>() {
            return Ok(AllowHost::Ip(ip.to_canonical()));
        }
        if let Some((name, port)) = given.rsplit_once(':')
            && port.parse::<u16>().is_ok()
            && host_name(name).is_some()
        {
            return Err(HostError::Port {
                name: name.to_string(),
            });
        }
        host_name(given)
            .map(AllowHost::Name)
            .ok_or_else(|| HostError::NotAName(crate::text::printable(given)))
    }
}

/// `s` as a host name, lower-case and without a final dot: dot-separated labels of
/// letters, digits, `-` and `_`, as DNS and `/etc/hosts` names are.
fn host_name(s: &str) -> Option<String> {
    let s = s.strip_suffix('.').unwrap_or(s);
    let fits = !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        });
    fits.then(|| s.to_ascii_lowercase())
}

/// What to do with a request, judged by the names it gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    /// It names this server: answer it.
    Ours,
    /// It names another host (421).
    Misdirected,
    /// It gives no single `Host` (none, whatever its HTTP version, or two), or one
    /// that is not text (400).
    Malformed,
}

/// The names and addresses a request may give for this server.
#[derive(Debug)]
pub(super) struct Hosts {
    names: Vec<String>,
    ips: Vec<IpAddr>,
}

impl Hosts {
    /// The names a server listening on `listen` is reached by, with `allowed` added.
    pub(super) fn new(listen: SocketAddr, allowed: &[AllowHost]) -> Hosts {
        let (names, ips) = if listen.ip().is_loopback() {
            (Vec::new(), Vec::new())
        } else {
            (this_machine::names(), this_machine::addresses())
        };
        Hosts::with(listen, allowed, names, ips)
    }

    /// [`Hosts::new`] with the machine's own names and addresses given.
    fn with(
        listen: SocketAddr,
        allowed: &[AllowHost],
        own_names: Vec<String>,
        own_ips: Vec<IpAddr>,
    ) -> Hosts {
        let mut hosts = Hosts {
            names: vec!["localhost".to_string()],
            // The listening address even when it is 0.0.0.0 or [::]: the address
            // `serve` prints is that one, and on Linux it reaches this machine.
            ips: vec![listen.ip().to_canonical(), IpAddr::V6(Ipv6Addr::LOCALHOST)],
        };
        hosts.names.extend(own_names);
        hosts
            .ips
            .extend(own_ips.into_iter().map(|ip| ip.to_canonical()));
        for a in allowed {
            match a {
                AllowHost::Ip(ip) => hosts.ips.push(ip.to_canonical()),
                AllowHost::Name(name) => hosts.names.push(name.clone()),
            }
        }
        hosts.names.sort();
        hosts.names.dedup();
        hosts.ips.sort();
        hosts.ips.dedup();
        hosts
    }

    /// Judges `request`, which came in on the connection's own address `local`: its
    /// one `Host` (an HTTP/1.0 request without one is as malformed as an HTTP/1.1 one,
    /// as the guide says) and, in the absolute form (`GET http://name/`), the name in its target too,
    /// since that is the one the request is for.
    pub(super) fn judge<B>(&self, request: &Request<B>, local: Option<IpAddr>) -> Verdict {
        let mut given = request.headers().get_all(HOST).iter();
        let host = match (given.next(), given.next()) {
            (Some(value), None) => match value.to_str() {
                Ok(host) => host,
                Err(_) => return Verdict::Malformed,
            },
            _ => return Verdict::Malformed,
        };
        let target = request.uri().authority().map(|a| a.as_str());
        let ours = |name: &str| self.names_us(name, local);
        if !ours(host) || target.is_some_and(|t| !ours(t)) {
            return Verdict::Misdirected;
        }
        Verdict::Ours
    }

    /// True when `authority` (a `Host` value: a name or an address, then perhaps a
    /// port) is one of ours.
    fn names_us(&self, authority: &str, local: Option<IpAddr>) -> bool {
        match Named::parse(authority) {
            Some(Named::Ip(ip)) => {
                let ip = ip.to_canonical();
                self.ips.contains(&ip) || local.map(|l| l.to_canonical()) == Some(ip)
            }
            Some(Named::Name(name)) => {
                let name = name.strip_suffix('.').unwrap_or(name);
                self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
            }
            None => false,
        }
    }
}

/// The addresses the players' phones should open when the server listens on `listen`,
/// best first: the listening address itself when it is one machine's address, or, on
/// every address (0.0.0.0, `[::]`), this machine's own addresses on its networks. Never
/// loopback, which is no phone's way in, nor a link-local address (169.254.x.x,
/// fe80::), which needs an interface name a browser cannot take. IPv4 comes first, the
/// private ranges a home or a club network gives out ahead of the rest, as the
/// address a person would read out.
pub(super) fn join_addresses(listen: SocketAddr) -> Vec<SocketAddr> {
    join_among(listen, this_machine::addresses())
}

/// [`join_addresses`] with the machine's addresses given.
fn join_among(listen: SocketAddr, own: Vec<IpAddr>) -> Vec<SocketAddr> {
    let ip = listen.ip().to_canonical();
    if ip.is_loopback() {
        return Vec::new();
    }
    let candidates = if ip.is_unspecified() { own } else { vec![ip] };
    let mut found: Vec<IpAddr> = candidates
        .into_iter()
        .map(|a| a.to_canonical())
        .filter(|a| reachable_from_a_phone(*a))
        // 0.0.0.0 takes IPv4 connections only; [::] takes both on a dual-stack system.
        .filter(|a| !(listen.is_ipv4() && ip.is_unspecified() && a.is_ipv6()))
        .collect();
    found.sort_by_key(|a| (rank(*a), *a));
    found.dedup();
    found
        .into_iter()
        .map(|a| SocketAddr::new(a, listen.port()))
        .collect()
}

/// An address a phone on the network can open a page at.
fn reachable_from_a_phone(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            !(v4.is_loopback() || v4.is_link_local() || v4.is_unspecified() || v4.is_multicast())
        }
        IpAddr::V6(v6) => {
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || v6.is_unicast_link_local())
        }
    }
}

/// How good an address is to show: private IPv4 first, then other IPv4, then IPv6.
fn rank(ip: IpAddr) -> u8 {
    match ip {
        IpAddr::V4(v4) if v4.is_private() => 0,
        IpAddr::V4(_) => 1,
        IpAddr::V6(_) => 2,
    }
}

/// The host part of a `Host` value.
#[derive(Debug, PartialEq, Eq)]
enum Named<'a> {
    Ip(IpAddr),
    Name(&'a str),
}

impl Named<'_> {
    /// `name`, `name:port`, `1.2.3.4:port` or `[v6]:port`; `None` when it is none of
    /// them (an unbracketed IPv6 address, a port that is not a number, nothing).
    fn parse(authority: &str) -> Option<Named<'_>> {
        let (host, rest) = match authority.strip_prefix('[') {
            Some(inside) => {
                let (ip, rest) = inside.split_once(']')?;
                (Named::Ip(IpAddr::V6(ip.parse().ok()?)), rest)
            }
            None => {
                let (name, rest) =
                    authority.split_at(authority.find(':').unwrap_or(authority.len()));
                let host = match name.parse::<Ipv4Addr>() {
                    Ok(ip) => Named::Ip(IpAddr::V4(ip)),
                    Err(_) if name.is_empty() => return None,
                    Err(_) => Named::Name(name),
                };
                (host, rest)
            }
        };
        match rest.strip_prefix(':') {
            None if rest.is_empty() => Some(host),
            Some(port) if port.is_empty() || port.parse::<u16>().is_ok() => Some(host),
            _ => None,
        }
    }
}

/// This machine's own names and addresses, read from the system when the server
/// starts, through `libc` (already a dependency on unix) rather than a crate for
/// network interfaces. An address the machine gains later (a laptop that joins the
/// network after `serve` started) is still answered: a connection's own local address
/// always counts.
mod this_machine {
    use std::net::IpAddr;

    /// The host name as the system gives it, its first label when it has several
    /// (`pi` for `pi.lan`, as the network's own DNS may give it), and that label under
    /// `.local`, the name a phone finds the machine by over mDNS.
    pub(super) fn names() -> Vec<String> {
        let Some(full) = host_name() else {
            return Vec::new();
        };
        let Some(full) = super::host_name(&full) else {
            return Vec::new();
        };
        let first = full.split('.').next().unwrap_or(&full).to_string();
        let mut names = vec![format!("{first}.local"), first, full];
        names.dedup();
        names
    }

    #[cfg(unix)]
    fn host_name() -> Option<String> {
        let mut buf = [0u8; 256];
        // SAFETY: the buffer is writable for its whole length, which is what is passed.
        let done = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
        if done != 0 {
            return None;
        }
        // A name cut short at the buffer's end may have no terminating NUL: not used.
        let end = buf.iter().position(|&b| b == 0)?;
        String::from_utf8(buf[..end].to_vec()).ok()
    }

    #[cfg(not(unix))]
    fn host_name() -> Option<String> {
        None
    }

    /// Every address of every interface.
    #[cfg(unix)]
    pub(super) fn addresses() -> Vec<IpAddr> {
        use std::net::{Ipv4Addr, Ipv6Addr};

        let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
        // SAFETY: on success `list` is a linked list the system allocated, read below
        // and freed once with freeifaddrs.
        if unsafe { libc::getifaddrs(&mut list) } != 0 {
            return Vec::new();
        }
        let mut found = Vec::new();
        let mut at = list;
        while !at.is_null() {
            // SAFETY: `at` is a node of the list, which is not freed until the end.
            let node = unsafe { &*at };
            if !node.ifa_addr.is_null() {
                // SAFETY: `ifa_addr` points at a socket address whose family field
                // says which kind it is; it is read as that kind only.
                let family = i32::from(unsafe { (*node.ifa_addr).sa_family });
                if family == libc::AF_INET {
                    let v4 = unsafe { &*node.ifa_addr.cast::<libc::sockaddr_in>() };
                    let ip = Ipv4Addr::from(u32::from_be(v4.sin_addr.s_addr));
                    found.push(IpAddr::V4(ip));
                } else if family == libc::AF_INET6 {
                    let v6 = unsafe { &*node.ifa_addr.cast::<libc::sockaddr_in6>() };
                    found.push(IpAddr::V6(Ipv6Addr::from(v6.sin6_addr.s6_addr)));
                }
            }
            at = node.ifa_next;
        }
        // SAFETY: the list getifaddrs returned, freed once, and not used after.
        unsafe { libc::freeifaddrs(list) };
        found
    }

    /// Without `getifaddrs`, the connection's own address is the one that counts.
    #[cfg(not(unix))]
    pub(crate) fn addresses() -> Vec<IpAddr> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::Version;

    fn request(version: Version, target: &str, hosts: &[&str]) -> Request<()> {
        let mut r = Request::builder().version(version).uri(target);
        for h in hosts {
            r = r.header(HOST, *h);
        }
        r.body(()).expect("request")
    }

    fn judge(hosts: &Hosts, host: &str) -> Verdict {
        hosts.judge(&request(Version::HTTP_11, "/", &[host]), None)
    }

    fn at(listen: &str) -> Hosts {
        Hosts::with(listen.parse().expect("addr"), &[], Vec::new(), Vec::new())
    }

    #[test]
    fn on_loopback_the_listening_address_localhost_and_v6_loopback_are_ours_with_any_port() {
        let hosts = at("127.0.0.1:17878");
        for ok in [
            "127.0.0.1",
            "127.0.0.1:17878",
            "127.0.0.1:8080",
            "localhost",
            "LocalHost:17878",
            "localhost.:17878",
            "[::1]",
            "[::1]:17878",
            "[0:0:0:0:0:0:0:1]:17878",
            "127.0.0.1:",
        ] {
            assert_eq!(judge(&hosts, ok), Verdict::Ours, "{ok}");
        }
    }

    #[test]
    fn a_name_that_only_starts_like_ours_is_misdirected() {
        let hosts = at("127.0.0.1:17878");
        for bad in [
            "127.evil.com",
            "127.0.0.1.nip.io:17878",
            "localhost.evil.com",
            "evil.com",
            "127.0.0.2:17878",
            "10.0.0.2:17878",
            "0.0.0.0:17878",
            "127.1:17878",
            "::1",
            "[::1%lo]:17878",
            "127.0.0.1:x.evil.com",
            "127.0.0.1:17878:1",
            "localhost@evil.com",
            "",
            ":17878",
        ] {
            assert_eq!(judge(&hosts, bad), Verdict::Misdirected, "{bad}");
        }
    }

    #[test]
    fn a_request_without_exactly_one_host_is_malformed_whatever_its_version() {
        let hosts = at("127.0.0.1:17878");
        let judged = |version, hs: &[&str]| hosts.judge(&request(version, "/", hs), None);
        assert_eq!(judged(Version::HTTP_11, &[]), Verdict::Malformed);
        assert_eq!(
            judged(Version::HTTP_11, &["127.0.0.1", "127.0.0.1"]),
            Verdict::Malformed
        );
        assert_eq!(
            judged(Version::HTTP_11, &["127.0.0.1", "evil.com"]),
            Verdict::Malformed
        );
        assert_eq!(judged(Version::HTTP_10, &[]), Verdict::Malformed);
        assert_eq!(judged(Version::HTTP_10, &["localhost"]), Verdict::Ours);
        assert_eq!(
            judged(Version::HTTP_10, &["localhost", "localhost"]),
            Verdict::Malformed
        );
        let not_text = Request::builder()
            .uri("/")
            .header(
                HOST,
                hyper::header::HeaderValue::from_bytes(b"l\xffcal").expect("v"),
            )
            .body(())
            .expect("request");
        assert_eq!(hosts.judge(&not_text, None), Verdict::Malformed);
    }

    #[test]
    fn an_absolute_form_target_is_judged_by_the_name_in_it() {
        let hosts = at("127.0.0.1:17878");
        let judged = |target, host| hosts.judge(&request(Version::HTTP_11, target, &[host]), None);
        assert_eq!(
            judged("http://evil.com/", "127.0.0.1"),
            Verdict::Misdirected
        );
        assert_eq!(
            judged("http://127.0.0.1@evil.com/", "127.0.0.1"),
            Verdict::Misdirected
        );
        assert_eq!(
            judged("http://127.0.0.1:17878/", "evil.com"),
            Verdict::Misdirected
        );
        assert_eq!(
            judged("http://127.0.0.1:17878/", "127.0.0.1:17878"),
            Verdict::Ours
        );
    }

    #[test]
    fn beyond_loopback_the_machine_s_names_and_addresses_and_the_allowed_names_are_ours() {
        let allowed: Vec<AllowHost> = ["scores.lan", "203.0.113.9", "[2001:db8::1]"]
            .iter()
            .map(|a| a.parse().expect("allowed"))
            .collect();
        let hosts = Hosts::with(
            "0.0.0.0:7878".parse().expect("addr"),
            &allowed,
            vec!["pi.local".into(), "pi".into()],
            vec!["192.168.1.20".parse().expect("ip")],
        );
        for ok in [
            "0.0.0.0:7878",
            "localhost:7878",
            "[::1]:7878",
            "pi:7878",
            "PI.local",
            "192.168.1.20:7878",
            "scores.lan:7878",
            "Scores.LAN.",
            "203.0.113.9:7878",
            "[2001:db8::1]:7878",
        ] {
            assert_eq!(judge(&hosts, ok), Verdict::Ours, "{ok}");
        }
        for bad in ["192.168.1.21:7878", "pi.evil.com", "scores.lan.evil.com"] {
            assert_eq!(judge(&hosts, bad), Verdict::Misdirected, "{bad}");
        }
        // An address gained after the start: the connection came in on it.
        let later: IpAddr = "192.168.1.21".parse().expect("ip");
        let r = request(Version::HTTP_11, "/", &["192.168.1.21:7878"]);
        assert_eq!(hosts.judge(&r, Some(later)), Verdict::Ours);
    }

    #[test]
    fn an_ipv4_address_reached_over_ipv6_is_the_same_address() {
        let hosts = at("[::]:7878");
        let mapped: IpAddr = "::ffff:192.168.1.20".parse().expect("ip");
        let r = request(Version::HTTP_11, "/", &["192.168.1.20:7878"]);
        assert_eq!(hosts.judge(&r, Some(mapped)), Verdict::Ours);
        assert_eq!(judge(&hosts, "[::]:7878"), Verdict::Ours);
    }

    #[test]
    fn an_allowed_host_is_a_name_or_an_address_without_a_port() {
        assert_eq!(
            "Scores.Lan.".parse::<AllowHost>(),
            Ok(AllowHost::Name("scores.lan".into()))
        );
        assert_eq!(
            "[::1]".parse::<AllowHost>(),
            Ok(AllowHost::Ip(IpAddr::V6(Ipv6Addr::LOCALHOST)))
        );
        assert_eq!(
            "scores.lan:7878".parse::<AllowHost>(),
            Err(HostError::Port {
                name: "scores.lan".into()
            })
        );
        for bad in ["", ".", "a..b", "http://x", "x/y", "a b", "*.lan", "é.lan"] {
            assert!(
                matches!(bad.parse::<AllowHost>(), Err(HostError::NotAName(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn phones_are_given_the_machine_s_network_addresses_private_ipv4_first_never_loopback() {
        let own: Vec<IpAddr> = [
            "127.0.0.1",
            "::1",
            "fe80::1",
            "169.254.3.4",
            "203.0.113.7",
            "192.168.1.20",
            "fd00::2",
            "10.0.0.5",
        ]
        .iter()
        .map(|a| a.parse().expect("ip"))
        .collect();
        let shown = |listen: &str| -> Vec<String> {
            join_among(listen.parse().expect("addr"), own.clone())
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        assert_eq!(
            shown("0.0.0.0:7878"),
            ["10.0.0.5:7878", "192.168.1.20:7878", "203.0.113.7:7878"]
        );
        assert_eq!(
            shown("[::]:7878"),
            [
                "10.0.0.5:7878",
                "192.168.1.20:7878",
                "203.0.113.7:7878",
                "[fd00::2]:7878"
            ]
        );
        assert_eq!(shown("192.168.1.20:80"), ["192.168.1.20:80"]);
        assert!(shown("127.0.0.1:7878").is_empty());
        assert!(shown("[::1]:7878").is_empty());
    }

    #[test]
    fn this_machine_has_a_loopback_address_and_a_name() {
        let ips = this_machine::addresses();
        if cfg!(unix) {
            assert!(ips.iter().any(IpAddr::is_loopback), "{ips:?}");
        }
        for name in this_machine::names() {
            assert!(host_name(&name).is_some(), "{name}");
        }
    }
}
