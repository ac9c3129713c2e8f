"""The cloud tools' texts for people, in the seven languages (English key -> translations).

Kept apart from `iaccode.agent.i18n` so the cloud tools own their words; `cloud_text` falls back
to the shared catalog, then to English. `tests/agent/test_cloud_texts.py` checks that every
entry has every language and the English placeholders.
"""

from __future__ import annotations

from iaccode.agent.i18n import translate

TEXTS: dict[str, dict[str, str]] = {
    (
        "No Alibaba Cloud credentials were given: send accessKeyId and accessKeySecret with the "
        "request, or configure the server's credential chain."
    ): {
        "zh": "未提供阿里云凭证：请在请求中发送 accessKeyId 和 accessKeySecret，或配置服务器的凭证链。",
        "es": "No se dieron credenciales de Alibaba Cloud: envíe accessKeyId y accessKeySecret con la solicitud o configure la cadena de credenciales del servidor.",
        "fr": "Aucun identifiant Alibaba Cloud n'a été fourni : envoyez accessKeyId et accessKeySecret avec la requête, ou configurez la chaîne d'identifiants du serveur.",
        "de": "Es wurden keine Alibaba-Cloud-Zugangsdaten angegeben: Senden Sie accessKeyId und accessKeySecret mit der Anfrage oder konfigurieren Sie die Credential-Kette des Servers.",
        "ja": "Alibaba Cloud の認証情報がありません。リクエストで accessKeyId と accessKeySecret を送るか、サーバーの認証情報チェーンを設定してください。",
        "pt": "Nenhuma credencial da Alibaba Cloud foi fornecida: envie accessKeyId e accessKeySecret com a solicitação ou configure a cadeia de credenciais do servidor.",
    },
    (
        "No Alibaba Cloud credentials were given with the request, and the server's credential "
        "chain needs the aliyun extra (pip install 'iaccode[aliyun]')."
    ): {
        "zh": "请求中未提供阿里云凭证，而服务器的凭证链需要 aliyun 扩展（pip install 'iaccode[aliyun]'）。",
        "es": "La solicitud no trae credenciales de Alibaba Cloud y la cadena de credenciales del servidor necesita el extra aliyun (pip install 'iaccode[aliyun]').",
        "fr": "La requête ne contient pas d'identifiants Alibaba Cloud et la chaîne d'identifiants du serveur nécessite l'extra aliyun (pip install 'iaccode[aliyun]').",
        "de": "Die Anfrage enthält keine Alibaba-Cloud-Zugangsdaten, und die Credential-Kette des Servers braucht das Extra aliyun (pip install 'iaccode[aliyun]').",
        "ja": "リクエストに Alibaba Cloud の認証情報がなく、サーバーの認証情報チェーンには aliyun エクストラが必要です（pip install 'iaccode[aliyun]'）。",
        "pt": "A solicitação não traz credenciais da Alibaba Cloud e a cadeia de credenciais do servidor precisa do extra aliyun (pip install 'iaccode[aliyun]').",
    },
    "The Alibaba Cloud credentials are incomplete: an AccessKey ID needs its secret.": {
        "zh": "阿里云凭证不完整：AccessKey ID 需要对应的 Secret。",
        "es": "Las credenciales de Alibaba Cloud están incompletas: un AccessKey ID necesita su secreto.",
        "fr": "Les identifiants Alibaba Cloud sont incomplets : un AccessKey ID a besoin de son secret.",
        "de": "Die Alibaba-Cloud-Zugangsdaten sind unvollständig: Eine AccessKey-ID braucht ihr Secret.",
        "ja": "Alibaba Cloud の認証情報が不完全です。AccessKey ID には対応するシークレットが必要です。",
        "pt": "As credenciais da Alibaba Cloud estão incompletas: um AccessKey ID precisa do seu segredo.",
    },
    "The Alibaba Cloud credentials contain characters that no AccessKey or STS token has.": {
        "zh": "阿里云凭证中含有 AccessKey 或 STS 令牌不可能包含的字符。",
        "es": "Las credenciales de Alibaba Cloud contienen caracteres que ninguna AccessKey ni token STS tiene.",
        "fr": "Les identifiants Alibaba Cloud contiennent des caractères qu'aucune AccessKey ni aucun jeton STS ne contient.",
        "de": "Die Alibaba-Cloud-Zugangsdaten enthalten Zeichen, die kein AccessKey und kein STS-Token enthält.",
        "ja": "Alibaba Cloud の認証情報に、AccessKey や STS トークンには含まれない文字が含まれています。",
        "pt": "As credenciais da Alibaba Cloud contêm caracteres que nenhuma AccessKey ou token STS tem.",
    },
    (
        "This change was asked for with your Alibaba Cloud keys: send the same Alibaba Cloud "
        "keys with your answer (it never runs under other credentials)."
    ): {
        "zh": "此变更是使用您的阿里云密钥发起的：请在答复中发送相同的阿里云密钥（它绝不会以其他凭证运行）。",
        "es": "Este cambio se pidió con sus claves de Alibaba Cloud: envíe las mismas claves de Alibaba Cloud con su respuesta (nunca se ejecuta con otras credenciales).",
        "fr": "Cette modification a été demandée avec vos clés Alibaba Cloud : envoyez les mêmes clés Alibaba Cloud avec votre réponse (elle ne s'exécute jamais avec d'autres identifiants).",
        "de": "Diese Änderung wurde mit Ihren Alibaba-Cloud-Schlüsseln angefragt: Senden Sie dieselben Alibaba-Cloud-Schlüssel mit Ihrer Antwort (sie läuft nie mit anderen Zugangsdaten).",
        "ja": "この変更はお客様の Alibaba Cloud キーで依頼されました。回答と一緒に同じ Alibaba Cloud キーを送ってください（ほかの認証情報では実行されません）。",
        "pt": "Esta alteração foi pedida com as suas chaves da Alibaba Cloud: envie as mesmas chaves da Alibaba Cloud com a sua resposta (ela nunca é executada com outras credenciais).",
    },
    "Alibaba Cloud did not accept the AccessKey.": {
        "zh": "阿里云未接受该 AccessKey。",
        "es": "Alibaba Cloud no aceptó la AccessKey.",
        "fr": "Alibaba Cloud n'a pas accepté l'AccessKey.",
        "de": "Alibaba Cloud hat den AccessKey nicht akzeptiert.",
        "ja": "Alibaba Cloud は AccessKey を受け付けませんでした。",
        "pt": "A Alibaba Cloud não aceitou a AccessKey.",
    },
    "The Alibaba Cloud STS token has expired; request new temporary credentials.": {
        "zh": "阿里云 STS 令牌已过期，请申请新的临时凭证。",
        "es": "El token STS de Alibaba Cloud ha caducado; solicite credenciales temporales nuevas.",
        "fr": "Le jeton STS Alibaba Cloud a expiré ; demandez de nouveaux identifiants temporaires.",
        "de": "Das STS-Token von Alibaba Cloud ist abgelaufen; fordern Sie neue temporäre Zugangsdaten an.",
        "ja": "Alibaba Cloud の STS トークンの有効期限が切れています。新しい一時認証情報を取得してください。",
        "pt": "O token STS da Alibaba Cloud expirou; solicite novas credenciais temporárias.",
    },
    "Alibaba Cloud did not accept the STS token.": {
        "zh": "阿里云未接受该 STS 令牌。",
        "es": "Alibaba Cloud no aceptó el token STS.",
        "fr": "Alibaba Cloud n'a pas accepté le jeton STS.",
        "de": "Alibaba Cloud hat das STS-Token nicht akzeptiert.",
        "ja": "Alibaba Cloud は STS トークンを受け付けませんでした。",
        "pt": "A Alibaba Cloud não aceitou o token STS.",
    },
    "Alibaba Cloud refused the request time; check the server's clock.": {
        "zh": "阿里云拒绝了请求时间，请检查服务器时钟。",
        "es": "Alibaba Cloud rechazó la hora de la solicitud; revise el reloj del servidor.",
        "fr": "Alibaba Cloud a refusé l'heure de la requête ; vérifiez l'horloge du serveur.",
        "de": "Alibaba Cloud hat die Anfragezeit abgelehnt; prüfen Sie die Uhr des Servers.",
        "ja": "Alibaba Cloud がリクエスト時刻を拒否しました。サーバーの時計を確認してください。",
        "pt": "A Alibaba Cloud recusou a hora da solicitação; verifique o relógio do servidor.",
    },
    "Alibaba Cloud is throttling requests; try again in a moment.": {
        "zh": "阿里云正在限流，请稍后重试。",
        "es": "Alibaba Cloud está limitando las solicitudes; inténtelo de nuevo en un momento.",
        "fr": "Alibaba Cloud limite les requêtes ; réessayez dans un instant.",
        "de": "Alibaba Cloud drosselt die Anfragen; versuchen Sie es gleich noch einmal.",
        "ja": "Alibaba Cloud がリクエストを制限しています。しばらくしてから再試行してください。",
        "pt": "A Alibaba Cloud está limitando as solicitações; tente novamente em instantes.",
    },
    "The Alibaba Cloud endpoint could not be reached.": {
        "zh": "无法连接阿里云服务端点。",
        "es": "No se pudo contactar con el endpoint de Alibaba Cloud.",
        "fr": "Le point de terminaison Alibaba Cloud est injoignable.",
        "de": "Der Alibaba-Cloud-Endpunkt ist nicht erreichbar.",
        "ja": "Alibaba Cloud のエンドポイントに接続できませんでした。",
        "pt": "Não foi possível alcançar o endpoint da Alibaba Cloud.",
    },
    "The Alibaba Cloud endpoint did not answer in time.": {
        "zh": "阿里云服务端点未能及时响应。",
        "es": "El endpoint de Alibaba Cloud no respondió a tiempo.",
        "fr": "Le point de terminaison Alibaba Cloud n'a pas répondu à temps.",
        "de": "Der Alibaba-Cloud-Endpunkt hat nicht rechtzeitig geantwortet.",
        "ja": "Alibaba Cloud のエンドポイントが時間内に応答しませんでした。",
        "pt": "O endpoint da Alibaba Cloud não respondeu a tempo.",
    },
    "The connection to Alibaba Cloud broke before its answer arrived.": {
        "zh": "与阿里云的连接在收到响应前中断。",
        "es": "La conexión con Alibaba Cloud se cortó antes de llegar la respuesta.",
        "fr": "La connexion à Alibaba Cloud a été coupée avant l'arrivée de la réponse.",
        "de": "Die Verbindung zu Alibaba Cloud brach ab, bevor die Antwort ankam.",
        "ja": "応答が届く前に Alibaba Cloud との接続が切れました。",
        "pt": "A conexão com a Alibaba Cloud caiu antes de a resposta chegar.",
    },
    "Alibaba Cloud sent an answer that could not be read.": {
        "zh": "阿里云返回了无法解析的响应。",
        "es": "Alibaba Cloud envió una respuesta que no se pudo leer.",
        "fr": "Alibaba Cloud a envoyé une réponse illisible.",
        "de": "Alibaba Cloud hat eine Antwort gesendet, die nicht gelesen werden konnte.",
        "ja": "Alibaba Cloud から読み取れない応答が返されました。",
        "pt": "A Alibaba Cloud enviou uma resposta que não pôde ser lida.",
    },
    "The region is not valid for this service.": {
        "zh": "该地域对此服务无效。",
        "es": "La región no es válida para este servicio.",
        "fr": "La région n'est pas valide pour ce service.",
        "de": "Die Region ist für diesen Dienst nicht gültig.",
        "ja": "このリージョンはこのサービスでは無効です。",
        "pt": "A região não é válida para este serviço.",
    },
    "The stack was not found in this region.": {
        "zh": "在该地域中未找到此资源栈。",
        "es": "No se encontró la pila en esta región.",
        "fr": "La pile est introuvable dans cette région.",
        "de": "Der Stack wurde in dieser Region nicht gefunden.",
        "ja": "このリージョンにスタックが見つかりませんでした。",
        "pt": "A pilha não foi encontrada nesta região.",
    },
    "The change set was not found.": {
        "zh": "未找到该更改集。",
        "es": "No se encontró el conjunto de cambios.",
        "fr": "Le jeu de modifications est introuvable.",
        "de": "Das Change-Set wurde nicht gefunden.",
        "ja": "変更セットが見つかりませんでした。",
        "pt": "O conjunto de alterações não foi encontrado.",
    },
    "ROS rejected the template.": {
        "zh": "ROS 拒绝了该模板。",
        "es": "ROS rechazó la plantilla.",
        "fr": "ROS a rejeté le modèle.",
        "de": "ROS hat die Vorlage abgelehnt.",
        "ja": "ROS がテンプレートを拒否しました。",
        "pt": "O ROS rejeitou o modelo.",
    },
    "The credentials are not allowed to do this (check the RAM policy).": {
        "zh": "该凭证无权执行此操作（请检查 RAM 策略）。",
        "es": "Las credenciales no permiten esta operación (revise la política RAM).",
        "fr": "Les identifiants ne permettent pas cette opération (vérifiez la stratégie RAM).",
        "de": "Die Zugangsdaten erlauben diese Operation nicht (prüfen Sie die RAM-Richtlinie).",
        "ja": "この認証情報ではこの操作は許可されていません（RAM ポリシーを確認してください）。",
        "pt": "As credenciais não permitem esta operação (verifique a política RAM).",
    },
    "Alibaba Cloud refused the request.": {
        "zh": "阿里云拒绝了该请求。",
        "es": "Alibaba Cloud rechazó la solicitud.",
        "fr": "Alibaba Cloud a refusé la requête.",
        "de": "Alibaba Cloud hat die Anfrage abgelehnt.",
        "ja": "Alibaba Cloud がリクエストを拒否しました。",
        "pt": "A Alibaba Cloud recusou a solicitação.",
    },
    "The caller did not allow this operation.": {
        "zh": "调用方未允许此操作。",
        "es": "El llamador no permitió esta operación.",
        "fr": "L'appelant n'a pas autorisé cette opération.",
        "de": "Der Aufrufer hat diese Operation nicht erlaubt.",
        "ja": "呼び出し元はこの操作を許可しませんでした。",
        "pt": "O chamador não permitiu esta operação.",
    },
    "Stopped watching the stack; the operation goes on in ROS. Ask for ros_get_stack to see it.": {
        "zh": "已停止跟踪该资源栈；操作仍在 ROS 中继续。可使用 ros_get_stack 查看。",
        "es": "Dejé de seguir la pila; la operación continúa en ROS. Use ros_get_stack para verla.",
        "fr": "J'ai cessé de suivre la pile ; l'opération continue dans ROS. Utilisez ros_get_stack pour la voir.",
        "de": "Ich beobachte den Stack nicht mehr; die Operation läuft in ROS weiter. Mit ros_get_stack sehen Sie sie.",
        "ja": "スタックの監視を停止しました。操作は ROS で続行中です。ros_get_stack で確認できます。",
        "pt": "Parei de acompanhar a pilha; a operação continua no ROS. Use ros_get_stack para vê-la.",
    },
    (
        "Stopped watching the stack; the update goes on in ROS. Ask for ros_cancel_update_stack to "
        "stop it."
    ): {
        "zh": "已停止跟踪该资源栈；更新仍在 ROS 中继续。可使用 ros_cancel_update_stack 取消更新。",
        "es": "Dejé de seguir la pila; la actualización continúa en ROS. Use ros_cancel_update_stack para detenerla.",
        "fr": "J'ai cessé de suivre la pile ; la mise à jour continue dans ROS. Utilisez ros_cancel_update_stack pour l'arrêter.",
        "de": "Ich beobachte den Stack nicht mehr; das Update läuft in ROS weiter. Mit ros_cancel_update_stack brechen Sie es ab.",
        "ja": "スタックの監視を停止しました。更新は ROS で続行中です。ros_cancel_update_stack で停止できます。",
        "pt": "Parei de acompanhar a pilha; a atualização continua no ROS. Use ros_cancel_update_stack para pará-la.",
    },
    "That did not work: {error}": {
        "zh": "操作未成功：{error}",
        "es": "No funcionó: {error}",
        "fr": "Cela n'a pas fonctionné : {error}",
        "de": "Das hat nicht geklappt: {error}",
        "ja": "うまくいきませんでした：{error}",
        "pt": "Não funcionou: {error}",
    },
    "ROS validated the template in {region}: {types} resource types, {parameters} parameters.": {
        "zh": "ROS 已在 {region} 校验该模板：{types} 种资源类型，{parameters} 个参数。",
        "es": "ROS validó la plantilla en {region}: {types} tipos de recurso, {parameters} parámetros.",
        "fr": "ROS a validé le modèle dans {region} : {types} types de ressource, {parameters} paramètres.",
        "de": "ROS hat die Vorlage in {region} validiert: {types} Ressourcentypen, {parameters} Parameter.",
        "ja": "ROS が {region} でテンプレートを検証しました：リソースタイプ {types} 種類、パラメーター {parameters} 個。",
        "pt": "O ROS validou o modelo em {region}: {types} tipos de recurso, {parameters} parâmetros.",
    },
    "Estimated cost in {region}: {amount} {currency} a month.": {
        "zh": "{region} 的预估费用：每月 {amount} {currency}。",
        "es": "Costo estimado en {region}: {amount} {currency} al mes.",
        "fr": "Coût estimé dans {region} : {amount} {currency} par mois.",
        "de": "Geschätzte Kosten in {region}: {amount} {currency} im Monat.",
        "ja": "{region} での見積もり費用：月額 {amount} {currency}。",
        "pt": "Custo estimado em {region}: {amount} {currency} por mês.",
    },
    "ROS priced none of the resources in {region}.": {
        "zh": "ROS 未对 {region} 中的任何资源计价。",
        "es": "ROS no puso precio a ninguno de los recursos en {region}.",
        "fr": "ROS n'a chiffré aucune des ressources dans {region}.",
        "de": "ROS hat keine der Ressourcen in {region} bepreist.",
        "ja": "ROS は {region} のどのリソースにも価格を付けませんでした。",
        "pt": "O ROS não precificou nenhum dos recursos em {region}.",
    },
    "Preview of stack {name} in {region}: {count} resources.": {
        "zh": "资源栈 {name} 在 {region} 的预览：{count} 个资源。",
        "es": "Vista previa de la pila {name} en {region}: {count} recursos.",
        "fr": "Aperçu de la pile {name} dans {region} : {count} ressources.",
        "de": "Vorschau des Stacks {name} in {region}: {count} Ressourcen.",
        "ja": "{region} のスタック {name} のプレビュー：リソース {count} 個。",
        "pt": "Pré-visualização da pilha {name} em {region}: {count} recursos.",
    },
    "Parameter constraints from ROS in {region}:": {
        "zh": "ROS 在 {region} 给出的参数约束：",
        "es": "Restricciones de parámetros de ROS en {region}:",
        "fr": "Contraintes de paramètres de ROS dans {region} :",
        "de": "Parameter-Einschränkungen von ROS in {region}:",
        "ja": "{region} での ROS のパラメーター制約：",
        "pt": "Restrições de parâmetros do ROS em {region}:",
    },
    "Stack {name} is {status} in {region}.": {
        "zh": "资源栈 {name} 在 {region} 的状态为 {status}。",
        "es": "La pila {name} está en {status} en {region}.",
        "fr": "La pile {name} est à l'état {status} dans {region}.",
        "de": "Der Stack {name} ist {status} in {region}.",
        "ja": "{region} のスタック {name} は {status} です。",
        "pt": "A pilha {name} está em {status} em {region}.",
    },
    "{count} stacks in {region}.": {
        "zh": "{region} 中有 {count} 个资源栈。",
        "es": "{count} pilas en {region}.",
        "fr": "{count} piles dans {region}.",
        "de": "{count} Stacks in {region}.",
        "ja": "{region} のスタックは {count} 個です。",
        "pt": "{count} pilhas em {region}.",
    },
    "Name the stack, for example: deploy this as stack web-1.": {
        "zh": "请指定资源栈名称，例如：将其部署为资源栈 web-1。",
        "es": "Indique el nombre de la pila, por ejemplo: despliega esto como stack web-1.",
        "fr": "Nommez la pile, par exemple : déploie ceci comme stack web-1.",
        "de": "Nennen Sie den Stack, zum Beispiel: stelle das als Stack web-1 bereit.",
        "ja": "スタック名を指定してください。例：これをスタック web-1 としてデプロイ。",
        "pt": "Dê o nome da pilha, por exemplo: implante isto como stack web-1.",
    },
    "Send the template with the request, for example in a fenced block.": {
        "zh": "请在请求中附上模板，例如放在代码块中。",
        "es": "Envíe la plantilla con la solicitud, por ejemplo en un bloque delimitado.",
        "fr": "Envoyez le modèle avec la requête, par exemple dans un bloc délimité.",
        "de": "Senden Sie die Vorlage mit der Anfrage, zum Beispiel in einem Codeblock.",
        "ja": "テンプレートをリクエストに含めてください（例：コードブロック）。",
        "pt": "Envie o modelo com a solicitação, por exemplo em um bloco delimitado.",
    },
}


def cloud_text(text: str, language: str | None, **values: object) -> str:
    """`text` in `language` (English when unknown or missing), with `values` filled in."""
    entry = TEXTS.get(text)
    if entry is None or language is None or language not in entry:
        return translate(text, language, **values)
    translated = entry[language]
    return translated.format(**values) if values else translated
