import { useEffect, useId, useRef, useState } from "react"
import { exampleMessagesFor } from "../example/messages"
import { representativeExample, type ExampleOptions, type RepresentativeExample } from "../example/representative"
import type { Plan } from "../types"
import { closeModal, dialogKey, openModal } from "./dialog"

/**
 * The representative example one step away: a button that opens it in a modal dialog, built
 * from the plan at the real price.
 */
export function ExampleButton({ plan, options, describedBy }: { plan: Plan; options: ExampleOptions; describedBy?: string }) {
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const m = exampleMessagesFor(options.locale, options.messages)
  const example = open ? representativeExample(plan, options) : undefined
  return (
    <>
      <button
        type="button"
        ref={opener}
        className="bnpl-example-button"
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        {m.exampleButton}
      </button>
      {example ? (
        <ExampleDialog
          example={example}
          closeLabel={m.close}
          instalmentsLabel={m.instalments}
          onClose={() => {
            setOpen(false)
            opener.current?.focus()
          }}
        />
      ) : null}
    </>
  )
}

type ExampleDialogProps = {
  example: RepresentativeExample
  closeLabel: string
  instalmentsLabel: string
  onClose: () => void
}

/** The example in a native modal `<dialog>`, labelled by its title: focus in, trapped, Escape closes. */
export function ExampleDialog({ example, closeLabel, instalmentsLabel, onClose }: ExampleDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // Closed first: while the dialog is modal, the rest of the page is inert and the opener could
  // not take the focus back.
  const close = () => {
    closeModal(ref.current, null)
    onClose()
  }
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    openModal(dialog)
    // Unmounted: closed (the opener takes the focus back in `onClose`).
    return () => closeModal(dialog, null)
  }, [])
  return (
    <dialog
      ref={ref}
      className="bnpl-example"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        close()
      }}
      onKeyDown={(e) => {
        if (ref.current) dialogKey(ref.current, e, document.activeElement, close)
      }}
    >
      <div className="bnpl-example__head">
        <h2 className="bnpl-example__title" id={titleId}>
          {example.title}
        </h2>
        <button type="button" className="bnpl-example__close" onClick={close}>
          {closeLabel}
        </button>
      </div>
      <dl className="bnpl-example__items">
        {example.items.map((item) => (
          <div key={item.key} className="bnpl-example__item" data-item={item.key}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="bnpl-example__subtitle">{instalmentsLabel}</h3>
      <ol className="bnpl-example__rows">
        {example.schedule.map((row) => (
          <li key={row.index}>
            {row.dueDate ? <time dateTime={row.dueDate}>{row.due}</time> : <span>{row.due}</span>}{" "}
            <span className="bnpl-example__amount">{row.amount}</span>
          </li>
        ))}
      </ol>
      {example.note ? <p className="bnpl-example__note">{example.note}</p> : null}
    </dialog>
  )
}
