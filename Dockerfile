# code-debate, headless, on a repository mounted at /repo (docs/container.md says more):
#   docker build -t code-debate .
#   docker run --rm -v "$PWD:/repo" --user "$(id -u):$(id -g)" code-debate duo --agent builtin "the diff against main"
# Behind a TLS-intercepting proxy, hand `npm ci` the proxy's CA as a build secret (podman takes the same flag):
#   docker build --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt -t code-debate .

FROM node:20-bookworm-slim AS build
WORKDIR /opt/code-debate
COPY package.json package-lock.json ./
# The CA secret is optional: without it npm trusts Node's own CAs. --ignore-scripts: the package's own `prepare`
# builds from sources not copied yet (the build is below), and no dependency's script need run.
RUN --mount=type=secret,id=ca \
    if [ -f /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
 && npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:20-bookworm-slim
# git for the subjects, tini as PID 1 so SIGINT/SIGTERM reach code-debate and zombies are reaped.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# The mounted repository belongs to the host's user, not the container's: without this git
# refuses it ("detected dubious ownership"). The container only ever reads the one mount.
RUN git config --system --add safe.directory '*'
# Any --user may run it: HOME (for git and agent CLIs) is a writable directory, not /home/node.
ENV HOME=/tmp/home CI=1
RUN mkdir -m 1777 /tmp/home
WORKDIR /opt/code-debate
COPY --from=build /opt/code-debate/node_modules ./node_modules
COPY --from=build /opt/code-debate/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY templates ./templates
COPY datasets ./datasets
USER node
WORKDIR /repo
ENTRYPOINT ["/usr/bin/tini", "--", "node", "/opt/code-debate/bin/code-debate.js"]
CMD ["--help"]
