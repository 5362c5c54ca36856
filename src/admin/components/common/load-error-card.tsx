import { Alert, Container, Heading } from "@medusajs/ui"

/** An order's card that could not load what it shows: its title, and why in an error alert. */
export function LoadErrorCard({ title, message }: { title: string; message: string }) {
  return (
    <Container className="px-6 py-4">
      <Heading level="h2">{title}</Heading>
      <Alert variant="error" className="mt-2">
        {message}
      </Alert>
    </Container>
  )
}
