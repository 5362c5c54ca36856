/**
 * A choice the customer makes for the whole shop (its language, its country), kept in the
 * browser so that it survives the round trip through the hosted payment page. `initial`: the
 * URL's `?<param>=` when given (then remembered), else the one chosen before, else the demo's
 * configuration, else `fallback`.
 */
export function rememberedChoice<T extends string>(options: {
  param: string
  storageKey: string
  isChoice: (value: string | null | undefined) => value is T
  fallback: T
  /** Read `?<param>=` in any case (`?country=BE`). */
  anyCase?: boolean
}) {
  const { param, storageKey, isChoice, fallback, anyCase } = options
  const remember = (value: T) => window.localStorage.setItem(storageKey, value)
  const initial = (configured?: string): T => {
    const given = new URLSearchParams(window.location.search).get(param)
    const asked = anyCase ? given?.toLowerCase() : given
    if (isChoice(asked)) {
      remember(asked)
      return asked
    }
    const kept = window.localStorage.getItem(storageKey)
    if (isChoice(kept)) return kept
    return isChoice(configured) ? configured : fallback
  }
  return { initial, remember }
}
