//! The process's world, below every other layer: the ring folder and the clock seams, live
//! agent processes from `/proc`, terminals and ttys, the language a person reads.

pub mod env;
pub mod lang;
pub(crate) mod paths;
pub(crate) mod printable;
pub mod procs;
pub mod run;
pub mod tty;
pub(crate) mod voice;
