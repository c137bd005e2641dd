// Which command lines run until stopped (left to an agent that shows output as it comes: Codex CLI), read on real
// lines; a build, a test run or a one-shot command is not one, and stays wrapped.
import { describe, expect, test } from "vitest";
import { runsUntilStopped } from "../../src/hooks/long-running.js";
import { reasonToKeep } from "../../src/hooks/shell-command.js";
import { readCommandShape } from "../../src/hooks/shell-reader.js";

const live = (line: string): string | undefined => runsUntilStopped(readCommandShape(line).commands);

describe("runsUntilStopped", () => {
  test.each([
    // package scripts
    ["npm run dev", "npm run dev"], ["npm start", "npm start"], ["npm run start -- --port 3000", "npm run start -- --port 3000"],
    ["npm --prefix web run dev", "npm --prefix web run dev"], ["npm -w web start", "npm -w web start"], ["npm run dev:web", "npm run dev:web"], ["npm run test:watch", "npm run test:watch"],
    ["yarn dev", "yarn dev"], ["yarn run serve", "yarn run serve"], ["yarn workspace web dev", "yarn workspace web dev"],
    ["pnpm dev", "pnpm dev"], ["pnpm --filter web dev", "pnpm --filter web dev"], ["pnpm -C apps/site run preview", "pnpm -C apps/site run preview"],
    ["bun run dev", "bun run dev"], ["bun dev", "bun dev"], ["deno task dev", "deno task dev"],
    // dev servers
    ["vite", "vite"], ["npx vite --port 5173", "npx vite --port 5173"], ["./node_modules/.bin/vite preview", "./node_modules/.bin/vite preview"],
    ["next dev", "next dev"], ["npx next start -p 3000", "npx next start -p 3000"], ["ng serve", "ng serve"], ["nuxi dev", "nuxi dev"],
    ["astro dev", "astro dev"], ["gatsby develop", "gatsby develop"], ["react-scripts start", "react-scripts start"],
    ["webpack serve --mode development", "webpack serve --mode development"], ["webpack-dev-server", "webpack-dev-server"],
    ["npx http-server -p 8080", "npx http-server -p 8080"], ["npx serve -s build", "npx serve -s build"], ["wrangler dev", "wrangler dev"],
    ["nodemon server.js", "nodemon server.js"], ["npx tsx watch src/index.ts", "npx tsx watch src/index.ts"],
    // watchers by their flag
    ["npm test -- --watch", "npm test -- --watch"], ["jest --watch", "jest --watch"], ["npx jest --watchAll", "npx jest --watchAll"],
    ["tsc --watch", "tsc --watch"], ["tsc -w -p .", "tsc -w -p ."], ["node --watch server.js", "node --watch server.js"],
    ["webpack --watch", "webpack --watch"], ["sass --watch src:dist", "sass --watch src:dist"], ["cargo watch -x test", "cargo watch -x test"],
    ["watchexec -e rs cargo test", "watchexec -e rs cargo test"], ["ls *.py | entr -r python app.py", "entr -r python app.py"],
    ["watch -n 1 kubectl get pods", "watch -n 1 kubectl get pods"], ["dotnet watch run", "dotnet watch run"],
    // Python, Ruby, PHP, JVM
    ["python -m http.server 8000", "python -m http.server 8000"], ["python3 manage.py runserver 0.0.0.0:8000", "python3 manage.py runserver 0.0.0.0:8000"],
    ["uvicorn main:app --reload", "uvicorn main:app --reload"], ["poetry run uvicorn app.main:app", "poetry run uvicorn app.main:app"],
    ["uv run fastapi dev", "uv run fastapi dev"], ["flask --app hello run", "flask --app hello run"], ["python -m flask run", "python -m flask run"], ["python3 -m jupyter lab", "python3 -m jupyter lab"], ["python -m mkdocs serve", "python -m mkdocs serve"],
    ["gunicorn -w 4 app:app", "gunicorn -w 4 app:app"], ["streamlit run app.py", "streamlit run app.py"], ["jupyter lab", "jupyter lab"],
    ["mkdocs serve", "mkdocs serve"], ["rails s", "rails s"], ["bin/rails server -p 3001", "bin/rails server -p 3001"],
    ["bundle exec jekyll serve", "bundle exec jekyll serve"], ["php artisan serve", "php artisan serve"], ["php -S localhost:8000", "php -S localhost:8000"],
    ["hugo server -D", "hugo server -D"], ["./mvnw spring-boot:run", "./mvnw spring-boot:run"], ["mvn spring-boot:run", "mvn spring-boot:run"], ["./gradlew bootRun", "./gradlew bootRun"],
    // follows and containers
    ["tail -f log/development.log", "tail -f log/development.log"], ["tail -n 100 -F app.log", "tail -n 100 -F app.log"], ["tail --follow=name x.log", "tail --follow=name x.log"],
    ["journalctl -fu nginx", "journalctl -fu nginx"], ["docker compose up", "docker compose up"], ["docker compose -f dev.yml up --build", "docker compose -f dev.yml up --build"],
    ["docker-compose up", "docker-compose up"], ["docker logs -f api", "docker logs -f api"], ["kubectl logs -f deploy/api", "kubectl logs -f deploy/api"],
    ["kubectl port-forward svc/api 8080:80", "kubectl port-forward svc/api 8080:80"],
    // anywhere in the line: after a build, in a pipe, in a subshell, after variables and runners
    ["npm run build && npm start", "npm start"], ["npm run dev 2>&1 | tee dev.log", "npm run dev 2>&1"], ["(cd web && npm run dev)", "npm run dev"],
    ["PORT=3001 npm run dev", "npm run dev"], ["env NODE_ENV=development nodemon app.js", "env NODE_ENV=development nodemon app.js"], ["exec npm start", "exec npm start"],
  ])("%s: runs until stopped (%s)", (line, call) => {
    expect(live(line)).toBe(call);
  });

  test.each([
    "npm run build", "npm test", "npm test -- --grep start", "npm run", "npm -w api run build", "npm run lint", "npm install", "npm ci", "npm run test:unit", "yarn build", "yarn", "yarn add vite", "pnpm test",
    "pnpm -r build", "bun test", "bun install", "vite build", "npx vite build --mode production", "vite optimize", "next build", "next lint",
    "ng build", "ng test --watch=false", "webpack --mode production", "jest", "npx jest --coverage", "vitest run", "npx vitest", "tsc -p .",
    "tsc --noEmit", "cargo build --release", "cargo test", "cargo run --bin migrate", "python -m pytest -x", "python manage.py migrate",
    "python -m pip install -r requirements.txt", "flask db upgrade", "rails db:migrate", "rails test", "bundle exec rspec", "php artisan migrate",
    "docker compose up -d", "docker compose up --wait", "docker compose up --abort-on-container-exit", "docker compose run --rm app npm test",
    "docker compose build", "docker run --rm node:20 node -v", "docker logs api", "tail -n 50 log/app.log", "tail file.txt", "journalctl -u nginx --no-pager",
    "kubectl get pods", "timeout 30 npm run dev", "grep -rn -- --watch src", "git log --grep=--watch", "echo npm run dev", "make", "go test ./...",
    "mvn package", "./gradlew build", "hugo", "mkdocs build", "jupyter nbconvert --execute nb.ipynb", "python -m jupyter nbconvert --to html nb.ipynb", "python -m mkdocs build", "cat <<'EOF' > Procfile\nweb: npm start\nEOF",
  ])("%s: ends by itself", (line) => {
    expect(live(line)).toBeUndefined();
  });
});

describe("reasonToKeep for an agent that shows output as it comes", () => {
  const codex = { keepsState: false, userFunctions: true, readsWhileRunning: true };

  test("a dev server is kept, with the call named in the reason; the others' shells keep wrapping it", () => {
    expect(reasonToKeep("npm run dev", codex)).toBe("`npm run dev` runs until it is stopped (a server, a watcher): the agent shows its output as it comes, a wrapper would show nothing until it ends");
    expect(reasonToKeep("npm run dev", { keepsState: false })).toBeUndefined();
    expect(reasonToKeep("npm run dev", { keepsState: true })).toBeUndefined();
    expect(reasonToKeep("npm run build", codex)).toBeUndefined();
  });

  test("a long call is quoted in 60 characters at most", () => {
    const reason = reasonToKeep(`uvicorn app.main:app ${"--reload-dir src ".repeat(10)}`, codex)!;
    expect(reason.slice(1, reason.indexOf("` runs"))).toHaveLength(60);
  });
});
