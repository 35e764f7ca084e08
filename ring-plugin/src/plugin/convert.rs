//! zellij's types → the pure modules' types.

use crate::board;
use crate::model::{PaneRef, Panes};
use crate::theme::{Color, Palette};
use std::collections::BTreeMap;
use zellij_tile::prelude::*;

pub(super) fn board_key(key: &KeyWithModifier) -> board::Key {
    // Shift alone still types (a capital letter in a name, `G`).
    if key.key_modifiers.iter().any(|m| *m != KeyModifier::Shift) {
        return board::Key::Other;
    }
    match key.bare_key {
        BareKey::Up => board::Key::Up,
        BareKey::Down => board::Key::Down,
        BareKey::Home => board::Key::Top,
        BareKey::End => board::Key::Bottom,
        BareKey::Left => board::Key::Left,
        BareKey::Right => board::Key::Right,
        BareKey::Enter => board::Key::Enter,
        BareKey::Esc => board::Key::Close,
        BareKey::Backspace => board::Key::Backspace,
        BareKey::Delete => board::Key::Delete,
        BareKey::Char(c) => board::Key::Char(c),
        _ => board::Key::Other,
    }
}

fn color(c: PaletteColor) -> Color {
    match c {
        PaletteColor::Rgb((r, g, b)) => Color::Rgb(r, g, b),
        PaletteColor::EightBit(n) => Color::Index(n),
    }
}

pub(super) fn palette(colors: &Styling) -> Palette {
    Palette {
        text_fg: color(colors.text_unselected.base),
        text_bg: color(colors.text_unselected.background),
        // A waiting badge wants attention: the theme's error colour as its background, in
        // bold text of the bar's own text colour.
        badge_fg: color(colors.text_unselected.base),
        badge_bg: color(colors.exit_code_error.base),
        error: color(colors.exit_code_error.base),
        title: color(colors.table_title.base),
        list_selected_fg: color(colors.list_selected.base),
        list_selected_bg: color(colors.list_selected.background),
    }
}

/// The terminal panes of the manifest (plugin ids are another number space).
pub(super) fn panes(manifest: &PaneManifest, tab_names: &BTreeMap<usize, String>) -> Panes {
    let mut terminals = BTreeMap::new();
    for (tab, list) in &manifest.panes {
        for pane in list.iter().filter(|p| !p.is_plugin) {
            terminals.insert(
                pane.id,
                PaneRef {
                    id: pane.id,
                    tab_position: *tab,
                    tab_name: tab_names.get(tab).cloned().unwrap_or_default(),
                    fg: pane.default_fg.clone(),
                    bg: pane.default_bg.clone(),
                },
            );
        }
    }
    Panes {
        known: true,
        terminals,
    }
}
