import { useEffect, useRef, type ReactNode } from "react"

/**
 * After a client-side route change, focus goes to the new page's heading (WCAG 2.4.3): a screen
 * reader says where the customer is, and Tab continues from there instead of from the top.
 */
let focusPending = false
export const focusNextHeading = () => {
  focusPending = true
}

/** The page's `<h1>`: takes the focus when it appears after a route change. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusPending && ref.current) {
      focusPending = false
      ref.current.focus()
    }
  }, [])
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  )
}
