//! TODO(lead): module hook
