// The kit's optional stylesheet (WCAG 2.2 AA contrast and focus), then the demo's own styles.
import "medusa-plugin-bnpl-storefront/styles.css"
import "./styles.css"
import { createRoot } from "react-dom/client"
import { App } from "./app"
import { loadShop } from "./shop"

loadShop()
  .then((shop) => createRoot(document.getElementById("root")!).render(<App shop={shop} />))
  .catch((e) => {
    document.getElementById("root")!.textContent = `The demo storefront could not start: ${e.message}`
  })
