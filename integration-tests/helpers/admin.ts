import type { MedusaContainer } from "@medusajs/framework/types"
import { FeatureFlag, Modules } from "@medusajs/framework/utils"
import { createUsersWorkflow } from "@medusajs/medusa/core-flows"

/** Something that can POST, like the test runner's axios `api`. */
type HttpClient = {
  post: (url: string, body?: unknown, config?: unknown) => Promise<{ data: any }>
}

export type AdminCredentials = {
  email: string
  password: string
  /** RBAC roles for a new user (`rbac` feature flag); default: the super admin role. */
  roles?: string[]
}

export const DEFAULT_ADMIN: AdminCredentials = {
  email: "admin@example.com",
  password: "supersecret",
}

/**
 * Creates an admin user who can log in with `email` / `password` (emailpass), the way
 * `medusa user -e ... -p ...` does. Idempotent: an existing user or login is kept as is.
 */
export async function createAdminUser(
  container: MedusaContainer,
  credentials: AdminCredentials = DEFAULT_ADMIN
): Promise<{ userId: string; created: boolean }> {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const { email, password } = credentials

  let [user] = await userModule.listUsers({ email })
  const created = !user
  if (!user) {
    const roles: string[] = [...(credentials.roles ?? [])]
    if (!credentials.roles && FeatureFlag.isFeatureEnabled("rbac")) {
      const rbac = container.resolve(Modules.RBAC) as any
      const [superAdmin] = await rbac.listRbacRoles({ id: "role_super_admin" })
      if (superAdmin) roles.push(superAdmin.id)
    }
    const { result } = await createUsersWorkflow(container).run({
      input: { users: [{ email, ...(roles.length ? { roles } : {}) } as any] },
    })
    user = result[0]
  }

  const identities = await authModule.listProviderIdentities({ entity_id: email, provider: "emailpass" })
  if (!identities.length) {
    const { authIdentity, error } = await authModule.register("emailpass", {
      body: { email, password },
    } as any)
    if (error || !authIdentity) {
      throw new Error(`Could not register the admin login ${email}: ${error}`)
    }
    await authModule.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } })
  }

  return { userId: user.id, created }
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
