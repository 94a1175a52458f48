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
ENV NODE_ENV=production
USER node
ENTRYPOINT ["npx", "tsx", "bin/service.ts"]
