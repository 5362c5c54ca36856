import type { MedusaContainer } from "@medusajs/framework/types"
import { FeatureFlag, Modules } from "@medusajs/framework/utils"
import { createUsersWorkflow } from "@medusajs/medusa/core-flows"

/** The admin user of the demo seed and the integration tests (a script's, so the seed needs no test file). */
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
