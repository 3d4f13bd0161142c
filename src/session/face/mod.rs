//! The face every front end sees: [`AnySession`](any::AnySession), a session of any game;
//! what a command came to ([`Outcome`](outcome::Outcome)); the desk a front end keeps
//! between its lines; the games as plain data (the catalog), and sessions opened,
//! started, listed and counted in a directory. The front ends use nothing else of the
//! session.

pub(in crate::session) mod any;
pub(in crate::session) mod catalog;
pub(in crate::session) mod desk;
pub(in crate::session) mod new;
pub mod outcome;
pub(in crate::session) mod sessions;
pub mod stats;
pub(in crate::session) mod verbs;
