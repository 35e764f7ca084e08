//! TODO(lead): module tmux
