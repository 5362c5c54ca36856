import { PageHeading } from "./heading"
import { useT } from "./i18n"
import { Link } from "./routing"

/** A page with nothing to show: its heading, what there is to say (`text`), and the way back to the shop. */
export function NothingHere({ heading, text }: { heading: string; text?: string }) {
  const { t } = useT()
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <p>
        {text ? `${text} ` : null}
        <Link to="/">{t.backToShop}</Link>
      </p>
    </>
  )
}
