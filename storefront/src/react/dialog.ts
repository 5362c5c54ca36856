/**
 * A modal dialog's keyboard behaviour (WCAG 2.1.2, 2.4.3): the native `<dialog>` opened with
 * `showModal` (the rest of the page inert, Escape fires `cancel`), the focus moved in, Tab and
 * Shift+Tab wrapping inside it (a native modal lets Tab leave to the browser's own controls),
 * and the focus given back to what opened it. Plain DOM: the React component calls these.
 */

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The part of a `<dialog>` used here (a fake in unit tests). */
export type DialogLike = {
  open: boolean
  showModal?: () => void
  close?: () => void
  setAttribute(name: string, value: string): void
  removeAttribute(name: string): void
  querySelectorAll(selector: string): ArrayLike<FocusableLike>
}
export type FocusableLike = { focus(): void }

export const focusablesIn = (dialog: DialogLike): FocusableLike[] => Array.from(dialog.querySelectorAll(FOCUSABLE))

/** Opens the dialog as a modal (or, without `showModal`, as a plain open dialog) and focuses its first control. */
export function openModal(dialog: DialogLike): void {
  if (!dialog.open) {
    if (typeof dialog.showModal === "function") dialog.showModal()
    else dialog.setAttribute("open", "")
  }
  focusablesIn(dialog)[0]?.focus()
}

/** Closes the dialog (whichever way it was opened) and gives the focus back to its opener. */
export function closeModal(dialog: DialogLike | null, opener: FocusableLike | null): void {
  if (dialog?.open) {
    if (typeof dialog.close === "function") dialog.close()
    else dialog.removeAttribute("open")
  }
  opener?.focus()
}

type KeyLike = { key: string; shiftKey: boolean; preventDefault(): void }

/**
 * Handles a key pressed in the dialog: Escape closes it (`onClose`), Tab from the last control
 * goes to the first and Shift+Tab from the first (or the dialog itself) to the last. Returns
 * true when it handled the key.
 */
export function dialogKey(dialog: DialogLike, event: KeyLike, active: unknown, onClose: () => void): boolean {
  if (event.key === "Escape") {
    event.preventDefault()
    onClose()
    return true
  }
  if (event.key !== "Tab") return false
  const controls = focusablesIn(dialog)
  if (!controls.length) return false
  const first = controls[0]
  const last = controls[controls.length - 1]
  const index = controls.indexOf(active as FocusableLike)
  const target = event.shiftKey ? (index <= 0 ? last : undefined) : index === -1 || active === last ? first : undefined
  if (!target) return false
  event.preventDefault()
  target.focus()
  return true
}
