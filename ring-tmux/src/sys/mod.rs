//! The process's world, below every other layer: the ring folder and the clock seams, live
//! agent processes from `/proc`, terminals and ttys, the language a person reads.

pub mod env;
pub mod lang;
pub mod procs;
pub mod tty;
