// Which onClose hooks are still running, by the plugin that added them, so that a shutdown stopped at its
// deadline can say what held it (design §6 "Shutdown"). The hooks are anonymous functions added by
// plugins all over the app; wrapping `addHook` on the root instance, before any plugin is registered,
// names every one of them (each plugin's context inherits the root's methods).
import type { FastifyInstance } from 'fastify';

const running = new WeakMap<FastifyInstance, Map<number, string>>();

type CallbackHook = (this: unknown, instance: FastifyInstance, done: (error?: Error) => void) => void;
type PromiseHook = (this: unknown, instance: FastifyInstance) => unknown;

/** The plugin whose context added the hook: the last of its name chain ("fastify -> database -> usage"). */
function pluginOf(context: FastifyInstance): string {
  return context.pluginName.split(' -> ').at(-1) ?? 'fastify';
}

export function trackCloseHooks(app: FastifyInstance): void {
  const hooks = new Map<number, string>();
  running.set(app, hooks);
  let next = 0;
  const original = app.addHook;
  function addHook(this: FastifyInstance, name: string, hook: unknown) {
    if (name !== 'onClose' || typeof hook !== 'function')
      return Reflect.apply(original, this, [name, hook]) as FastifyInstance;
    const plugin = pluginOf(this);
    const start = () => {
      const id = next++;
      hooks.set(id, plugin);
      return () => hooks.delete(id);
    };
    // Fastify tells a callback hook from a promise one by its arity: the wrapper keeps it.
    const tracked =
      hook.length >= 2
        ? function (this: unknown, instance: FastifyInstance, done: (error?: Error) => void) {
            const end = start();
            (hook as CallbackHook).call(this, instance, (error) => {
              end();
              done(error);
            });
          }
        : async function (this: unknown, instance: FastifyInstance) {
            const end = start();
            try {
              return await (hook as PromiseHook).call(this, instance);
            } finally {
              end();
            }
          };
    return Reflect.apply(original, this, [name, tracked]) as FastifyInstance;
  }
  app.addHook = addHook as FastifyInstance['addHook'];
}

/** The plugins whose onClose hooks have started and not finished, in the order they started. */
export function closeHooksRunning(app: FastifyInstance): string[] {
  return [...(running.get(app)?.values() ?? [])];
}
