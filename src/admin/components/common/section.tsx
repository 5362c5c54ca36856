import { Container, Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A titled card of the settings page, with its actions on the right. */
export function Section({
  title,
  description,
  children,
  actions,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  actions?: ReactNode
}) {
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">{title}</Heading>
          {description ? (
            <Text size="small" className="text-ui-fg-subtle">
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </div>
      {children}
    </Container>
  )
}

/** The page's title card while it cannot show more: loading, or why it could not load. */
export function PageMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="px-6 py-4">
      <Heading>{title}</Heading>
      {children}
    </Container>
  )
}

/** A settings page of its own (payments without an order, reconciliation): its title and introduction, then `children`. */
export function SettingsPage({
  title,
  intro,
  testId,
  children,
}: {
  title: string
  intro: string
  testId: string
  children: ReactNode
}) {
  return (
    <Container className="divide-y p-0" data-testid={testId}>
      <div className="px-6 py-4">
        <Heading>{title}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">
          {intro}
        </Text>
      </div>
      {children}
    </Container>
  )
}
