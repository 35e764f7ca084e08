//! Lifecycle commands: writing and removing the agents' hooks ([`install`]), checking a
//! setup ([`doctor`]), collecting what ended ([`gc`]).

pub mod doctor;
pub mod gc;
pub mod install;
pub mod zellij;
