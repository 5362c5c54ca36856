import { createAdminUser, DEFAULT_ADMIN, type AdminCredentials } from "../../scripts/lib/admin-user"

export { createAdminUser, DEFAULT_ADMIN, type AdminCredentials } from "../../scripts/lib/admin-user"

/** Something that can POST, like the test runner's axios `api`. */
type HttpClient = {
  post: (url: string, body?: unknown, config?: unknown) => Promise<{ data: any }>
}

/** Logs in through `POST /auth/user/emailpass` and returns the admin JWT. */
export async function loginAdmin(api: HttpClient, credentials: AdminCredentials = DEFAULT_ADMIN): Promise<string> {
  const { email, password } = credentials
  const { data } = await api.post("/auth/user/emailpass", { email, password })
  if (!data?.token) throw new Error(`No token in the login answer: ${JSON.stringify(data)}`)
  return data.token
}

/**
 * Creates the admin user (if needed), logs in over HTTP and returns axios request options
 * carrying the token: `api.get("/admin/...", headers)`.
 */
export async function adminHeaders(
  api: HttpClient,
  container: MedusaContainer,
  credentials: AdminCredentials = DEFAULT_ADMIN
): Promise<{ headers: Record<string, string> }> {
  await createAdminUser(container, credentials)
  const token = await loginAdmin(api, credentials)
  return { headers: { authorization: `Bearer ${token}` } }
}
