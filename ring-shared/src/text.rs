//! Python text semantics the rules depend on (spec Appendix A).
