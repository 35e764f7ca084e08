//! TODO(lead): module install
