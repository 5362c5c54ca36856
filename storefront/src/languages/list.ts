/** "“A”, “B” and “C”": titles joined with the language's word for "and". */
export const list = (titles: string[], and: string) =>
  titles.length < 2 ? titles.join("") : `${titles.slice(0, -1).join(", ")} ${and} ${titles[titles.length - 1]}`
