// `medusa-plugin-bnpl-storefront/example`: the representative example, apart from the core
// (its texts in seven languages would double the core's growth for storefronts that never show it).
export { representativeExample, type RepresentativeExample, type ExampleItem, type ExampleOptions } from "./representative"
export { EXAMPLE_MESSAGES, exampleMessagesFor, type ExampleMessages } from "./messages"
