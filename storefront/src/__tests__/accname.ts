/**
 * The accessible name and description of an element of server-rendered markup, computed as
 * Chromium does for the kit's simple markup (W3C accname 1.2, the steps that apply here): a node
 * with `aria-hidden="true"` says nothing, a node with `aria-label` says its label INSTEAD of its
 * content, other nodes say their content. Enough to tell what a screen reader says of a plan
 * radio; the browser test checks the same in Chromium's accessibility tree.
 */
type Node = { tag: string; attrs: Record<string, string>; children: Node[] } | { text: string }
type Element = Extract<Node, { tag: string }>

const VOID = new Set(["input", "br", "img", "hr", "meta", "link"])
const unescape = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, e) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " })[e as string]!)

export function parse(html: string): Element {
  const root: Element = { tag: "#root", attrs: {}, children: [] }
  const stack: Element[] = [root]
  const token = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/g
  for (const m of html.matchAll(token)) {
    const [, closing, tag, rawAttrs, selfClosing, text] = m
    const top = stack[stack.length - 1]
    if (text !== undefined) {
      top.children.push({ text: unescape(text) })
    } else if (closing) {
      if (stack.length > 1 && top.tag === tag.toLowerCase()) stack.pop()
    } else {
      const attrs: Record<string, string> = {}
      for (const a of rawAttrs.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) attrs[a[1]] = unescape(a[2] ?? "")
      const el: Element = { tag: tag.toLowerCase(), attrs, children: [] }
      top.children.push(el)
      if (!selfClosing && !VOID.has(el.tag)) stack.push(el)
    }
  }
  return root
}

function* walk(node: Node): Generator<Element> {
  if ("text" in node) return
  yield node
  for (const child of node.children) yield* walk(child)
}

export const find = (root: Element, test: (el: Element) => boolean) => [...walk(root)].find(test)
export const byId = (root: Element, id: string) => find(root, (el) => el.attrs.id === id)

const squash = (s: string) => s.replace(/\s+/g, " ").trim()

/** The text a node contributes to a name or description. */
export function textOf(node: Node): string {
  if ("text" in node) return node.text
  if (node.attrs["aria-hidden"] === "true") return ""
  if (node.attrs["aria-label"]?.trim()) return node.attrs["aria-label"]
  const inner = node.children.map(textOf).join("")
  // Block elements are separated by a space, as Chromium does.
  return ["div", "p", "li", "ol", "ul", "section", "fieldset", "legend"].includes(node.tag) ? ` ${inner} ` : inner
}

/** The accessible description of the element `id`: the text of what its `aria-describedby` names. */
export function descriptionOf(html: string, id: string): string {
  const root = parse(html)
  const el = byId(root, id)
  if (!el) throw new Error(`no element #${id}`)
  const ids = (el.attrs["aria-describedby"] ?? "").split(/\s+/).filter(Boolean)
  return squash(ids.map((ref) => textOf(byId(root, ref) ?? { text: "" })).join(" "))
}

/** The accessible name of a form control `id`: its `aria-label`, else its `<label for>`'s text. */
export function nameOf(html: string, id: string): string {
  const root = parse(html)
  const el = byId(root, id)
  if (!el) throw new Error(`no element #${id}`)
  if (el.attrs["aria-label"]) return el.attrs["aria-label"]
  const label = find(root, (l) => l.tag === "label" && l.attrs.for === id)
  return squash(label ? textOf(label) : "")
}
