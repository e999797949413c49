import type { D1Migration } from 'cloudflare:test'
import type { Bindings } from '../env'

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[]
      CATALOG_MIGRATIONS: D1Migration[]
    }
    interface GlobalProps {
      mainModule: typeof import('../index')
    }
  }
}
