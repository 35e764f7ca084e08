//! TODO(lead): module read
