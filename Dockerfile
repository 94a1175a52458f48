# One image for every service; the command picks which one runs.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs ./libs
COPY services ./services
COPY sdk ./sdk
RUN npm ci --omit=dev --ignore-scripts=false && npm install --no-save tsx
COPY platform ./platform
COPY bin ./bin
COPY tsconfig.json ./
COPY docs/guides ./docs/guides
# The contract parsed once at build (libs/contracts/src/parsed-document.ts), not in every container that starts.
RUN node --import tsx -e "require('@mailplane/contracts')"
ENV NODE_ENV=production
USER node
# node itself as PID 1 (not npx, then tsx, then node): SIGTERM reaches the service, which drains and exits. The young
# generation's size and the export condition: platform/node-flags.ts.
ENTRYPOINT ["node", "--max-semi-space-size=8", "--conditions=mailplane-source", "--import", "tsx", "bin/service.ts"]
