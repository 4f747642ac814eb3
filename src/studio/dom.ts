// The few DOM helpers every game screen needs, written once: the screens build their
// markup with an HTML string, then find their parts, create a node or two, and pause
// between animation steps. No framework: the game frame loads nothing else.

/** A lookup of a screen's parts inside its root: `q<HTMLButtonElement>('.deal')`. The screen wrote the markup, so the part is there. */
export function finder(root: ParentNode): <T extends Element>(selector: string) => T {
  return <T extends Element>(selector: string) => root.querySelector(selector) as T;
}

/** A new element with its properties and children: `el('a', { href, textContent })`. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node: HTMLElementTagNameMap[K] = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

/** Resolves after `ms` milliseconds: the pause between two steps of an animation. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
