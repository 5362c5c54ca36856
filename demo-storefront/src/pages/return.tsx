import { useEffect, useState } from "react"
import { useT, useTitle } from "../i18n"
import { go } from "../routing"
import { cartId, setCartId, type Shop } from "../shop"

/** `/checkout/bnpl-return?pid=...`: the customer is back from the hosted page. */
export function ReturnPage({ shop, pid }: { shop: Shop; pid: string | null }) {
  const [problem, setProblem] = useState<string | null>(null)
  const { t } = useT()
  useTitle(t.confirming)
  useEffect(() => {
    const id = cartId()
    if (!id) return go("/")
    shop.bnpl
      .completeReturn({ cartId: id, pid })
      .then((result) => {
        if (result.status === "paid") {
          setCartId(null)
          go(`/order/${result.order.id}`)
        } else {
          go(`/checkout?bnpl=cancelled${pid ? `&pid=${encodeURIComponent(pid)}` : ""}`)
        }
      })
      .catch((e) => setProblem(e.message))
  }, [shop, pid])
  return problem ? (
    <p className="error" role="alert">
      {problem}
    </p>
  ) : (
    <p role="status">{t.confirming}</p>
  )
}
