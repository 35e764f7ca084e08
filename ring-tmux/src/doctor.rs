//! TODO(lead): module doctor
