// An ltijs tool (the IMS-certified library) that the test platform of
// ltitest launches: on a launch it posts a score of 1 to the launch's line
// item, then answers "score sent". Started by ltijs_test.go, which sets
// the environment below and reads "ready" on stdout.
const lti = require('ltijs').Provider
const Database = require('ltijs-sequelize')

const env = process.env
const db = new Database(env.DB_NAME, env.DB_USER, env.DB_PASS || '', {
  host: env.DB_HOST, port: env.DB_PORT || undefined, dialect: 'postgres', logging: false
})

lti.setup('ltijs-test-key-0123456789abcdef', { plugin: db }, {
  appRoute: '/', loginRoute: '/login', keysetRoute: '/keys',
  cookies: { secure: false, sameSite: '' }, devMode: true
})

lti.onConnect(async (token, req, res) => {
  try {
    const lineItem = token.platformContext.endpoint.lineitem
    const score = { userId: token.user, scoreGiven: 1, scoreMaximum: 1, activityProgress: 'Completed', gradingProgress: 'FullyGraded' }
    await lti.Grade.submitScore(token, lineItem, score)
    res.send('score sent')
  } catch (err) {
    res.status(500).send('score failed: ' + err.message)
  }
})

async function main () {
  await lti.deploy({ port: Number(env.PORT), silent: true })
  await lti.registerPlatform({
    url: env.ISSUER, name: 'ltitest', clientId: env.CLIENT_ID,
    authenticationEndpoint: env.AUTH_URL, accesstokenEndpoint: env.TOKEN_URL,
    authConfig: { method: 'JWK_SET', key: env.JWKS_URL }
  })
  console.log('ready')
}
main().catch(err => { console.error(err); process.exit(1) })
