// The page's words: the catalogue's texts in the language `ring-tmux serve` runs with, which
// the server wrote into the page as a JSON data block (never run as script). t("key",
// { name: value }) fills each `{name}`; a value is data and goes in as it is (the callers
// put texts into the page through textContent only).

const TEXTS = (() => {
  try {
    return JSON.parse(document.getElementById("texts")?.textContent || "{}");
  } catch {
    return {};
  }
})();

export function t(key, args = {}) {
  const text = Object.hasOwn(TEXTS, key) ? TEXTS[key] : key;
  return text.replace(/\{([a-z_]+)\}/g, (whole, name) => (Object.hasOwn(args, name) ? String(args[name]) : whole));
}
