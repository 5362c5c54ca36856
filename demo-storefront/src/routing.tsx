import { useEffect, useState, type MouseEvent, type ReactNode } from "react"
import { focusNextHeading } from "./heading"

/** Client-side navigation (the static server answers index.html for every path). */
export function go(path: string) {
  window.history.pushState({}, "", path)
  window.dispatchEvent(new PopStateEvent("popstate"))
}

/** The current URL, updated on every navigation (the new page's heading then takes the focus). */
export function usePath() {
  const [location, setLocation] = useState(() => window.location.pathname + window.location.search)
  useEffect(() => {
    const update = () => {
      focusNextHeading()
      setLocation(window.location.pathname + window.location.search)
    }
    window.addEventListener("popstate", update)
    return () => window.removeEventListener("popstate", update)
  }, [])
  return new URL(location, window.location.origin)
}

export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const onClick = (e: MouseEvent) => {
    e.preventDefault()
    go(to)
  }
  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  )
}
