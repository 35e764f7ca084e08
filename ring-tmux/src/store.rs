//! TODO(lead): module store
