//! tty discovery for the hook (spec §3.9) from `/proc` (owner: hook helper).
