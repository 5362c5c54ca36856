'use strict'

/**
 * The browser journeys' steps (admin.browser.js, storefront.browser.js): the one being run, named
 * in the failure message, and each one's start logged with the time since the journey began.
 * @param {(line: string) => void} log
 */
function createSteps(log) {
  const steps = {
    t0: Date.now(),
    current: 'start',
    begin(/** @type {string} */ name) {
      steps.current = name
      log(`${name} (${((Date.now() - steps.t0) / 1000).toFixed(1)} s)`)
    },
  }
  return steps
}

module.exports = { createSteps }
