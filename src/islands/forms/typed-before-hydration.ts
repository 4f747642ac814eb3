// A prerendered form can be typed into before its island has hydrated: on a slow phone
// the page is interactive seconds before its script is. React hydrates over the fields
// as they are (it keeps what the visitor typed in the DOM), but its state still holds the
// prerendered values, and its next render would write those back: the fields would empty
// themselves. So an island's first state reads the fields once it has hydrated, before
// the browser paints again: state follows what the visitor did, and since the elements
// are the same ones, focus and caret stay where the visitor left them.
import { type RefObject, useLayoutEffect } from 'react';
import { FORM_READY } from '../../lib/browser.ts';

/** A field's value as the visitor left it: the text, the chosen option's value, or whether a box is checked. */
export type TypedValue = string | boolean;

/**
 * The named fields inside `root` whose value differs from the one rendered (text typed, an
 * option chosen, a box checked or unchecked, a radio button picked), by name.
 */
export function typedFields(root: ParentNode): Record<string, TypedValue> {
  const typed: Record<string, TypedValue> = {};
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input[name], select[name], textarea[name]')) {
    if (field instanceof HTMLSelectElement) {
      const rendered = [...field.options].find((o) => o.defaultSelected) ?? field.options[0];
      if (field.selectedOptions[0] && field.selectedOptions[0] !== rendered) typed[field.name] = field.value;
    } else if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      if (field.checked !== field.defaultChecked) typed[field.name] = field.checked;
    } else if (field instanceof HTMLInputElement && field.type === 'radio') {
      if (field.checked && !field.defaultChecked) typed[field.name] = field.value;
    } else if (field.value !== field.defaultValue) {
      typed[field.name] = field.value;
    }
  }
  return typed;
}

/**
 * Once the island holding `ref` has mounted (hydrated, when it was prerendered), hands
 * `keep` what the visitor typed, chose or checked in its fields before then; nothing
 * when they are as rendered; then tells the form it is ready (FORM_READY), so a send the
 * shell held goes to the island. Every form island calls it, through useForm or directly.
 */
export function useTypedBeforeHydration(ref: RefObject<HTMLElement | null>, keep: (typed: Record<string, TypedValue>) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, right after hydration
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const typed = typedFields(root);
    if (Object.keys(typed).length > 0) keep(typed);
    // A send held by the shell before now goes to the island.
    root.dispatchEvent(new Event(FORM_READY));
  }, []);
}
