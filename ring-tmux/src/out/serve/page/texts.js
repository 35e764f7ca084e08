// The page's words: the catalogue's texts in the language `ring-tmux serve` runs with. The
// server writes them in place of the placeholder below when it hands this file out (a module
// of this origin: the CSP allows no inline script). t("key", { name: value }) fills each
// `{name}`; a value is data and goes in as it is (the callers put texts into the page through
// textContent only).

const TEXTS = {{texts}};

export function t(key, args = {}) {
  const text = Object.hasOwn(TEXTS, key) ? TEXTS[key] : key;
  return text.replace(/\{([a-z_]+)\}/g, (whole, name) => (Object.hasOwn(args, name) ? String(args[name]) : whole));
}
