'use strict'

/**
 * A V8 CPU profile (`.cpuprofile`, from bench/heap-probe.js) summed up by where the code lives:
 * the plugin's own sources, each package (`@medusajs/framework`, `@mikro-orm/core`, `pg`, ...),
 * Node itself, the garbage collector. Self time only (a function's own samples, not its
 * callees'), so the parts add up to the profile's duration.
 */

const path = require('node:path')

/** Where a frame's code lives, for a repository at `root`. */
function placeOf(url, functionName, root) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)'
  const file = url.replace(/^file:\/\//, '')
  const modules = file.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const rest = file.slice(modules + '/node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  if (file.startsWith('node:') || !file.startsWith('/')) return 'node'
  const relative = path.relative(root, file)
  if (!relative.startsWith('..')) return relative.split(path.sep)[0] === 'src' ? 'plugin (src/)' : `repository (${relative.split(path.sep)[0]}/)`
  return 'other'
}

/** Self time (ms) by place, and the profile's duration (ms). */
function selfTimeByPlace(profile, root) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const byPlace = new Map()
  const { samples = [], timeDeltas = [] } = profile
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i])
    if (!node) continue
    const place = placeOf(node.callFrame.url, node.callFrame.functionName, root)
    byPlace.set(place, (byPlace.get(place) ?? 0) + (timeDeltas[i] ?? 0) / 1000)
  }
  return { durationMs: (profile.endTime - profile.startTime) / 1000, byPlace: Object.fromEntries(byPlace) }
}

/**
 * Per update (ms), the places whose self time differs most between two profiles of the same
 * workload (`base`: without the plugin), largest first.
 */
function placeDifference(base, other, updates, top = 12) {
  const places = new Set([...Object.keys(base.byPlace), ...Object.keys(other.byPlace)])
  return [...places]
    .map((place) => ({ place, base: (base.byPlace[place] ?? 0) / updates, other: (other.byPlace[place] ?? 0) / updates }))
    .map((row) => ({ ...row, difference: row.other - row.base }))
    .filter((row) => row.place !== '(idle)')
    .sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference))
    .slice(0, top)
}

module.exports = { placeOf, selfTimeByPlace, placeDifference }
