//! TODO(lead): module gc
