// Where the config file is: a module of its own, so that bin/correx's pass-through (cli/pass-through.ts) finds it
// without the store settings' parsing.
import * as path from "node:path";

/** The config file: $XDG_CONFIG_HOME/correx/config.json, else ~/.config/correx/config.json. */
export function defaultConfigPath(env: NodeJS.ProcessEnv, home: string): string {
  const config = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, ".config");
  return path.join(config, "correx", "config.json");
}
