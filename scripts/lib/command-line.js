'use strict'

/**
 * The scripts' command line: `--help` (or `-h`) prints the usage and exits; flags and options.
 * @param {string} usage
 */
function commandLine(usage, argv = process.argv.slice(2)) {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage)
    process.exit(0)
  }
  return {
    /** Whether `flag` (e.g. `--keep`) was given. */
    has: (/** @type {string} */ flag) => argv.includes(flag),
    /** The word after `name` (e.g. `--screenshots-dir DIR`), if given. */
    value: (/** @type {string} */ name) => {
      const i = argv.indexOf(name)
      return i >= 0 ? argv[i + 1] : undefined
    },
  }
}

module.exports = { commandLine }
