//! TODO(lead): module env
