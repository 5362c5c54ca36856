import axios, { AxiosError, AxiosInstance, AxiosResponse, InternalAxiosRequestConfig } from "axios"
import axiosRetry, { retryAfter } from "axios-retry"
import { z } from "@medusajs/framework/zod"
import { BnplServiceError } from "./errors"
import { redactUrlTokens } from "./redact"
import { serviceUrlProblem, trimUrl, type ServiceUrlRules } from "./service-url"

export type BnplClientOptions = {
  apiKey: string
  /** e.g. `https://api.example.com` (no `/v1`). */
  baseUrl: string
  /** Per attempt. Default 10 s. */
  timeoutMs?: number
  /** Extra attempts for calls that are safe to repeat. Default 2. */
  retries?: number
  /** First backoff delay; doubles each retry. Default 200 ms. */
  retryDelayMs?: number
  /** A `Retry-After` longer than this is not waited for. Default 10 s. */
  maxRetryAfterMs?: number
  logger?: { warn: (message: string) => void }
  /**
   * Where the key may go (production https, allowed hosts, the backend's own network); checked
   * before any request. Without rules: the URL's shape and production's https only.
   */
  urlRules?: ServiceUrlRules
  /**
   * Times each attempt in place of axios's own timer. For tests: run by hand, a timeout happens
   * when the test says, not when a busy machine is slow to answer. Default: axios's `timeout`.
   */
  timer?: AttemptTimer
}

/** Calls `expire` after `ms`; returns what stops it. */
export type AttemptTimer = (ms: number, expire: () => void) => () => void

/** An answer larger than this is not read (no contract answer comes near it). */
export const MAX_ANSWER_BYTES = 1024 * 1024
/** What is kept of the service's own error text in our messages. */
const MAX_SERVICE_TEXT = 200

/** Per-call overrides, e.g. a tight timeout and no retry while a cart is being computed. */
export type CallOptions = { timeoutMs?: number; retries?: number }

export type Call = {
  method: "get" | "post" | "put"
  path: string
  body?: unknown
  /** Only calls that are safe to repeat are retried. */
  idempotent: boolean
  operation: string
} & CallOptions

/**
 * The one HTTP path to the service: auth header, timeouts, retries of calls that are safe to
 * repeat, and the mapping of every failure to a `BnplServiceError`. The calls themselves
 * (`payments.ts`, `after-order.ts`) build on it and speak in the service's terms.
 */
export class BnplTransport {
  private readonly http: AxiosInstance
  private readonly options: Required<Omit<BnplClientOptions, "logger" | "apiKey" | "urlRules" | "timer">> &
    Pick<BnplClientOptions, "logger">
  // A private field: not enumerable, so never serialised or inspected with the client.
  readonly #apiKey: string
  /** The store's rules of where the service is (also where the customer's hosted page may be). */
  protected readonly urlRules: ServiceUrlRules

  constructor(options: BnplClientOptions) {
    if (!options.apiKey || typeof options.apiKey !== "string") {
      throw new BnplServiceError("unauthorized", "No API key is configured for the instalment payment service")
    }
    // Without rules (clientFor): the settings merge already applied the store's host rules.
    const urlProblem = serviceUrlProblem(options.baseUrl, options.urlRules ?? { anyHost: true }, "The service base URL")
    if (urlProblem) {
      throw new BnplServiceError("invalid_request", urlProblem)
    }
    const { apiKey, urlRules, timer, ...rest } = options
    this.#apiKey = apiKey
    this.urlRules = urlRules ?? { anyHost: true }
    this.options = {
      timeoutMs: 10_000,
      retries: 2,
      retryDelayMs: 200,
      maxRetryAfterMs: 10_000,
      ...rest,
      baseUrl: trimUrl(options.baseUrl),
    }
    this.http = axios.create({
      baseURL: this.options.baseUrl,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      // Parse ourselves so a garbled body becomes a typed error, not a string.
      responseType: "text",
      transformResponse: (data) => data,
      validateStatus: (status) => status >= 200 && status < 300,
      // The key is only ever sent to the configured URL: a redirect would carry it elsewhere.
      maxRedirects: 0,
      // A huge (or endless) answer is not read into memory.
      maxContentLength: MAX_ANSWER_BYTES,
    })
    // Added per request rather than kept in the instance defaults, so the key is in no
    // inspectable object but the outgoing request itself.
    this.http.interceptors.request.use((config) => {
      config.headers.set("Authorization", `Service-Auth ${this.#apiKey}`)
      return config
    })
    if (timer) {
      timeAttempts(this.http, timer) // before axios-retry: it must see a timeout, not a cancellation
    }
    axiosRetry(this.http, {
      retries: this.options.retries,
      // A Retry-After longer than we are willing to wait: give up now, the caller retries later.
      retryCondition: (error) => isRetryable(error) && retryAfter(error) <= this.options.maxRetryAfterMs,
      retryDelay: (retryCount, error) => this.retryDelay(retryCount, error),
      shouldResetTimeout: true,
      onRetry: (retryCount, error, config) => {
        this.options.logger?.warn(
          `BNPL service ${config.method?.toUpperCase()} ${config.url} failed (${describe(error)}); retry ${retryCount}`
        )
      },
    })
  }

  /** The service's base URL, as configured (trimmed). */
  protected get baseUrl(): string {
    return this.options.baseUrl
  }

  protected async request(call: Call): Promise<unknown> {
    let response: AxiosResponse<string>
    try {
      response = await this.http.request<string>({
        method: call.method,
        url: call.path,
        data: call.body === undefined ? undefined : JSON.stringify(call.body),
        timeout: call.timeoutMs ?? this.options.timeoutMs,
        "axios-retry": { retries: call.idempotent ? (call.retries ?? this.options.retries) : 0 },
      })
    } catch (error) {
      throw this.toServiceError(error, call)
    }
    const text = response.data
    if (text === undefined || text === null || String(text).trim() === "") {
      return undefined
    }
    try {
      return JSON.parse(text)
    } catch {
      throw malformed(call.operation, "a body that is not JSON")
    }
  }

  private retryDelay(retryCount: number, error: AxiosError): number {
    const serviceAsked = retryAfter(error)
    const backoff = this.options.retryDelayMs * 2 ** (retryCount - 1)
    return Math.min(Math.max(backoff, serviceAsked), this.options.maxRetryAfterMs)
  }

  private toServiceError(error: unknown, call: Call): BnplServiceError {
    // The service could echo what it received: never the key, nor the store's notification token
    // (a notification URL it refused, quoted back).
    const redact = (text: string) => redactUrlTokens(text.split(this.#apiKey).join("[redacted]"))
    if (!axios.isAxiosError(error) || !error.response) {
      const reason = axios.isAxiosError(error) ? describe(error) : "unexpected client failure"
      return new BnplServiceError(
        "unavailable",
        redact(`The instalment payment service could not be reached for ${call.operation} (${reason}); try again later`)
      )
    }
    const { status, data } = error.response
    return errorForAnswer(status, call.operation, readRefusal(data, redact))
  }
}

/** What the service said in an error answer: its code, the field it names, its words (redacted, shortened). */
function readRefusal(data: unknown, redact: (text: string) => string) {
  const body = safeJson(data)
  const first = Array.isArray(body?.errors) ? body.errors[0] : undefined
  const serviceCode = optionalText(first?.error_code ?? body?.error_code, redact)
  const field = optionalText(first?.field, redact)
  const serviceMessage =
    typeof (first?.message ?? body?.message) === "string" ? String(first?.message ?? body?.message) : undefined
  const said = shorten(redact([serviceCode, field && `field ${field}`, serviceMessage].filter(Boolean).join(", ")))
  return { body, serviceCode, field, said }
}

/** The typed error for an HTTP error answer of the service. */
function errorForAnswer(status: number, operation: string, refusal: ReturnType<typeof readRefusal>): BnplServiceError {
  const { body, serviceCode, field, said } = refusal
  const call = { operation }
  if (status >= 300 && status < 400) {
    return new BnplServiceError(
      "unavailable",
      `The instalment payment service answered the ${call.operation} with a redirect (HTTP ${status}), which is not followed: check the service URL`,
      { status }
    )
  }
  if (status === 401 || status === 403) {
    return new BnplServiceError(
      "unauthorized",
      `The instalment payment service rejected the API key (HTTP ${status}): check the key in the plugin settings`,
      { status, serviceCode }
    )
  }
  if (status === 429 || status >= 500) {
    return new BnplServiceError(
      "unavailable",
      `The instalment payment service is unavailable for ${call.operation} (HTTP ${status}${said ? `: ${said}` : ""}); try again later`,
      { status, serviceCode }
    )
  }
  // Contract 4.1/7: a 400 on eligibility means the merchant account is not activated. A 400
  // that names one of our request fields, or says what else was wrong without naming the
  // account (an error code and no field), is a refused request, not an inactive account.
  if (status === 400 && call.operation === "eligibility" && accountNotActivated(body, field, serviceCode)) {
    return new BnplServiceError(
      "not_activated",
      "The merchant account tied to this API key is not activated yet: finish the activation with the service, then try again",
      { status, serviceCode, field }
    )
  }
  if (serviceCode === "merchant_cant_create_payments") {
    return new BnplServiceError(
      "not_activated",
      `The merchant account cannot create payments yet (${said}): finish the activation with the service`,
      { status, serviceCode, field }
    )
  }
  return new BnplServiceError(
    "invalid_request",
    `The instalment payment service refused the ${call.operation} (HTTP ${status}${said ? `: ${said}` : ""})`,
    { status, serviceCode, field }
  )
}

/**
 * Each attempt timed by `timer` instead of axios: when it runs out, the attempt fails as axios's
 * own timeout fails it (ECONNABORTED), so it is retried and described the same way.
 */
function timeAttempts(http: AxiosInstance, timer: AttemptTimer): void {
  const attempts = new WeakMap<object, { ms: number; stop: () => void; signal: AbortSignal }>()
  http.interceptors.request.use((config) => {
    const ms = config.timeout ?? 0
    const controller = new AbortController()
    const stop = ms > 0 ? timer(ms, () => controller.abort()) : () => undefined
    attempts.set(config, { ms, stop, signal: controller.signal })
    config.timeout = 0 // axios's own timer off
    config.signal = controller.signal
    return config
  })
  const end = (config?: InternalAxiosRequestConfig) => {
    const attempt = config && attempts.get(config)
    if (config && attempt) {
      attempts.delete(config)
      attempt.stop()
      // A retry sends this config again: with the call's timeout and without a spent signal.
      config.timeout = attempt.ms
      config.signal = undefined
    }
    return attempt
  }
  http.interceptors.response.use(
    (response) => {
      end(response.config)
      return response
    },
    (error) => {
      const attempt = end(error?.config)
      if (attempt?.signal.aborted) {
        throw new AxiosError(
          `timeout of ${attempt.ms}ms exceeded`,
          AxiosError.ECONNABORTED,
          error.config,
          error.request
        )
      }
      throw error
    }
  )
}

function isRetryable(error: AxiosError): boolean {
  if (axios.isCancel(error)) {
    return false
  }
  if (!error.response) {
    return true // network error, reset, timeout
  }
  const status = error.response.status
  return status === 429 || status >= 500
}

function optionalText(value: unknown, redact: (text: string) => string): string | undefined {
  return typeof value === "string" ? shorten(redact(value)) : undefined
}

/** The service's words are quoted, never at length (an error page must not fill our logs). */
function shorten(text: string): string {
  const oneLine = text.replace(/[\r\n\t]+/g, " ")
  return oneLine.length > MAX_SERVICE_TEXT ? `${oneLine.slice(0, MAX_SERVICE_TEXT)}...` : oneLine
}

/**
 * A 400 to an eligibility call is the contract's "not activated" when it names the merchant
 * account (a field outside our request, or the service's own code for it), or says nothing
 * at all (the bare 400 of the contract). A 400 with an error code but no field is a refused
 * request (e.g. a body the service could not read).
 */
function accountNotActivated(body: any, field: string | undefined, serviceCode: string | undefined): boolean {
  if (serviceCode === "merchant_cant_create_payments") {
    return true
  }
  if (field) {
    return !field.startsWith("payment")
  }
  return !body || (typeof body === "object" && !serviceCode && !body.message)
}

function describe(error: AxiosError): string {
  if (error.response) {
    return `HTTP ${error.response.status}`
  }
  if (error.code === "ECONNABORTED" || error.code === "ETIMEDOUT") {
    return "timed out"
  }
  if (/maxContentLength/.test(error.message)) {
    return `answer larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB, not read`
  }
  return error.code ?? "network error"
}

function safeJson(data: unknown): any {
  if (typeof data !== "string") {
    return data && typeof data === "object" ? data : undefined
  }
  try {
    return JSON.parse(data)
  } catch {
    return undefined
  }
}

export function malformed(operation: string, what: string): BnplServiceError {
  return new BnplServiceError(
    "malformed_answer",
    `The instalment payment service sent an unexpected answer to the ${operation}: ${what}`
  )
}

export function parse<T>(schema: z.ZodType<T>, answer: unknown, operation: string): T {
  const result = schema.safeParse(answer)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue.path.length ? issue.path.join(".") : "body"
    throw malformed(operation, `${where}: ${issue.message}`)
  }
  return result.data
}

export function encodeId(paymentId: string): string {
  if (!paymentId || typeof paymentId !== "string") {
    throw new BnplServiceError("invalid_request", "A service payment id is required")
  }
  return encodeURIComponent(paymentId)
}
