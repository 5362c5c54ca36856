import {
  excludedProducts,
  exclusionCheckKey,
  exclusionMessage,
  exclusionsProblems,
  hasExclusions,
  normalizeExclusions,
  type ProductFacts,
} from "../exclusions"

const giftCard: ProductFacts = {
  id: "prod_gift",
  title: "Gift card",
  shipping_profile: { id: "sp_gift", name: "Gift cards" },
  categories: [{ id: "pcat_vouchers", name: "Vouchers", mpath: "pcat_vouchers" }],
}
const shirt: ProductFacts = {
  id: "prod_shirt",
  title: "Shirt",
  shipping_profile: { id: "sp_default", name: "Default" },
  categories: [{ id: "pcat_shirts", name: "Shirts", mpath: "pcat_clothes.pcat_shirts" }],
  collection: { id: "pcol_summer", name: "Summer" },
  type: { id: "ptyp_apparel", name: "Apparel" },
  tags: [{ id: "ptag_sale", name: "sale" }],
}

describe("excludedProducts", () => {
  it("finds nothing without exclusions, or when nothing matches", () => {
    expect(excludedProducts([giftCard, shirt], undefined)).toEqual([])
    expect(excludedProducts([giftCard, shirt], { shipping_profile_ids: [] })).toEqual([])
    expect(excludedProducts([shirt], { shipping_profile_ids: ["sp_gift"] })).toEqual([])
  })

  it("excludes by shipping profile in a mixed cart, each product once", () => {
    expect(excludedProducts([shirt, giftCard, giftCard], { shipping_profile_ids: ["sp_gift"] })).toEqual([
      {
        product_id: "prod_gift",
        title: "Gift card",
        excluded_by: { kind: "shipping_profile", id: "sp_gift", name: "Gift cards" },
      },
    ])
  })

  it.each([
    [
      "category",
      { product_category_ids: ["pcat_shirts"] },
      { kind: "product_category", id: "pcat_shirts", name: "Shirts" },
    ],
    [
      "parent category",
      { product_category_ids: ["pcat_clothes"] },
      { kind: "product_category", id: "pcat_clothes", name: "Shirts" },
    ],
    [
      "collection",
      { product_collection_ids: ["pcol_summer"] },
      { kind: "product_collection", id: "pcol_summer", name: "Summer" },
    ],
    ["type", { product_type_ids: ["ptyp_apparel"] }, { kind: "product_type", id: "ptyp_apparel", name: "Apparel" }],
    ["tag", { product_tag_ids: ["ptag_sale"] }, { kind: "product_tag", id: "ptag_sale", name: "sale" }],
  ])("excludes by %s", (_kind, exclusions, rule) => {
    expect(excludedProducts([shirt], exclusions)).toEqual([
      { product_id: "prod_shirt", title: "Shirt", excluded_by: rule },
    ])
  })
})

describe("exclusionMessage", () => {
  it("names the product and the rule", () => {
    const excluded = excludedProducts([giftCard], { shipping_profile_ids: ["sp_gift"] })
    expect(exclusionMessage(excluded)).toBe(
      'Instalment payment is not available for "Gift card" (shipping profile "Gift cards")'
    )
  })
})

describe("exclusionsProblems and normalizeExclusions", () => {
  it("accepts lists of ids", () => {
    expect(exclusionsProblems({ shipping_profile_ids: ["sp_1"], product_tag_ids: [] }, "exclusions")).toEqual([])
  })

  it("names the field and what is wrong", () => {
    expect(exclusionsProblems([], "exclusions")[0]).toMatch(/^exclusions must be an object/)
    expect(exclusionsProblems({ profiles: ["x"] }, "exclusions")[0]).toMatch(/unknown fields: profiles/)
    expect(exclusionsProblems({ product_tag_ids: "ptag_1" }, "exclusions")).toEqual([
      'exclusions.product_tag_ids must be a list of ids (strings), got "ptag_1"',
    ])
  })

  it("trims, removes duplicates and empty lists", () => {
    expect(normalizeExclusions({ product_tag_ids: [" a", "a"], shipping_profile_ids: [] })).toEqual({
      product_tag_ids: ["a"],
    })
    expect(hasExclusions(normalizeExclusions({ shipping_profile_ids: [] }))).toBe(false)
  })
})

describe("exclusionCheckKey", () => {
  const rules = { shipping_profile_ids: ["sp_gift"] }

  it("is the same for the same products in another order, without the items' own ids", () => {
    expect(exclusionCheckKey(["prod_b", "prod_a", null], rules)).toBe(exclusionCheckKey(["prod_a", "prod_b"], rules))
  })

  it("changes with a product added, removed or repeated, and with the rules", () => {
    const key = exclusionCheckKey(["prod_a"], rules)
    expect(exclusionCheckKey(["prod_a", "prod_b"], rules)).not.toBe(key)
    expect(exclusionCheckKey([], rules)).not.toBe(key)
    expect(exclusionCheckKey(["prod_a", "prod_a"], rules)).not.toBe(key)
    expect(exclusionCheckKey(["prod_a"], { shipping_profile_ids: ["sp_other"] })).not.toBe(key)
  })
})
