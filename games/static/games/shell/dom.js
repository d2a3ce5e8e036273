// Tiny DOM and SVG helpers shared by the board modules.
export const SVGNS = "http://www.w3.org/2000/svg";

/** Create an SVG element with attributes, optionally appended to a parent. */
export function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** Create an HTML element: h("div.note.warn", {title: "x"}, child, "text"). */
export function h(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag || "div");
  if (classes.length) node.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Faction colour names (from content) to a palette that reads on the map. */
const PALETTE = {
  purple: "#8a5cc7", orange: "#e58a2b", blue: "#3a78d0", red: "#cc3d33", green: "#3f9a4a",
  yellow: "#d8b23a", teal: "#2b9c9a", black: "#3a3a3a", white: "#e8e4d8", pink: "#d0639c",
};

export function colourOf(name) {
  if (!name) return "#777";
  if (name.startsWith("#")) return name;
  return PALETTE[name.toLowerCase()] || name;
}
