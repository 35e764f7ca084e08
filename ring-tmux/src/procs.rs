//! TODO(lead): module procs
