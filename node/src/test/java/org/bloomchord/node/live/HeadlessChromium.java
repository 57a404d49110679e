package org.bloomchord.node.live;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;

/**
 * Headless Chromium driven by Selenium's Java client through the system's chromedriver (Debian's
 * {@code chromium} and {@code chromium-driver}; both paths are given, so Selenium fetches
 * nothing): the few actions the live view's browser tests need, with script results as Vert.x JSON
 * (arrays as {@link JsonArray}, objects as {@link JsonObject}) so that the tests compare them
 * directly with the node's JSON.
 */
final class HeadlessChromium implements AutoCloseable {

  private final ChromeDriver driver;

  private HeadlessChromium(ChromeDriver driver) {
    this.driver = driver;
  }

  /** Starts chromedriver and a headless Chromium window of {@code width} by {@code height}. */
  static HeadlessChromium start(Path chromedriver, Path chromium, int width, int height) {
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile())
        .usingAnyFreePort().withSilent(true).build();
    ChromeOptions options = new ChromeOptions().setBinary(chromium.toFile()).addArguments("--headless=new",
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=" + width + "," + height);
    ChromeDriver driver = new ChromeDriver(service, options);
    driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
    return new HeadlessChromium(driver);
  }

  void navigate(String url) {
    driver.get(url);
  }

  /** The element matching a CSS selector (fails when there is none). */
  WebElement find(String css) {
    return driver.findElement(By.cssSelector(css));
  }

  String text(WebElement element) {
    return element.getText();
  }

  void click(WebElement element) {
    element.click();
  }

  void clear(WebElement element) {
    element.clear();
  }

  void type(WebElement element, String text) {
    element.sendKeys(text);
  }

  /** A mouse click at (x, y) pixels from the element's centre, as a user's would be. */
  void clickAt(WebElement element, int x, int y) {
    new Actions(driver).moveToElement(element, x, y).click().perform();
  }

  /** Runs a script in the page and returns its value as Vert.x JSON types (numbers as Long or Double). */
  Object script(String body, Object... args) {
    return json(driver.executeScript(body, args));
  }

  void screenshot(Path file) throws java.io.IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
  }

  private static Object json(Object value) {
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      list.forEach(v -> out.add(json(v)));
      return new JsonArray(out);
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(String.valueOf(k), json(v)));
      return new JsonObject(out);
    }
    return value;
  }

  @Override
  public void close() {
    driver.quit();
  }
}
